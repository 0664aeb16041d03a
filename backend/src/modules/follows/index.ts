// The follows module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { FollowsJobsModule } from './follows.jobs.module.js';
export { FollowsModule } from './follows.module.js';
export { FollowsAdminService } from './follows-admin.service.js';
export { Follow } from './follow.entity.js';
export { FollowDelivery } from './follow-delivery.entity.js';
export { FollowFanout } from './follow-fanout.entity.js';
export { PushSubscription } from './push-subscription.entity.js';
export { FOLLOWS_ENTITIES } from './tables.js';
