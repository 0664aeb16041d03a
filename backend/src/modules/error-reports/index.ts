// The error-reports module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { ErrorReportsModule } from './error-reports.module.js';
export { ErrorReport } from './error-report.entity.js';
export { ErrorReportsService } from './error-reports.service.js';
export { ERROR_REPORTS_ENTITIES } from './tables.js';
