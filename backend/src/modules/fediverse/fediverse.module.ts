import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { CommentsModule } from '../comments/index.js';
import { FediverseAdminController } from './fediverse-admin.controller.js';
import { FediverseAdminService } from './fediverse-admin.service.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFederation } from './fediverse-federation.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { FediverseInbox } from './fediverse-inbox.js';
import { FollowedAccounts } from './followed-accounts.js';
import { InboxGate } from './inbox-gate.js';
import { ReceivedPosts } from './received-posts.js';
import { SiteReplies } from './site-replies.js';

/** The site as an ActivityPub actor (docs/fediverse.md); the API mounts it with registerFediverse, the worker delivers with FediverseJobsModule. */
@Module({
  imports: [ArticlesModule, CommentsModule],
  controllers: [FediverseAdminController],
  providers: [
    FediverseAdminService,
    FediverseFederation,
    FediverseFollowers,
    FediverseBlocks,
    InboxGate,
    FediverseInbox,
    FollowedAccounts,
    ReceivedPosts,
    SiteReplies,
  ],
  exports: [FediverseFederation, FediverseFollowers, FediverseBlocks, InboxGate, FediverseInbox, SiteReplies],
})
export class FediverseModule {}
