// The publishing module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { PublishingJobsModule } from './publishing.jobs.module.js';
export { queueScheduledPublish } from './scheduled-publish-jobs.js';
