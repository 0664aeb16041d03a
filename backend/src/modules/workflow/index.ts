// The workflow module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { WorkflowJobsModule } from './workflow.jobs.module.js';
export { WorkflowModule } from './workflow.module.js';
export { WebhookDelivery } from './webhook-delivery.entity.js';
export { WORKFLOW_ENTITIES } from './tables.js';
