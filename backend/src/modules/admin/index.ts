// The admin module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { AdminJobsModule } from './admin.jobs.module.js';
export { AdminModule } from './admin.module.js';
export { AuditLog } from './audit-log.entity.js';
export { AuditRefusal } from './audit-refusal.entity.js';
export { AdminEventsController } from './admin-events.controller.js';
export { AuditLogWriter } from './audit-log.writer.js';
export { QUEUE_DASHBOARD_PATH, registerQueueDashboard } from './queue-dashboard.js';
export { ADMIN_ENTITIES } from './tables.js';
