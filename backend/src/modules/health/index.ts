// The health module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { HealthJobsModule } from './health.jobs.module.js';
export { HealthModule } from './health.module.js';
export { countLiveWorkers } from './worker-heartbeat.js';
