import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { NewsletterModule } from '../newsletter/index.js';
import { FollowTargets } from './follow-targets.js';
import { FollowsAdminController } from './follows-admin.controller.js';
import { FollowsAdminService } from './follows-admin.service.js';
import { FollowsController, PushServiceWorkerController } from './follows.controller.js';
import { FollowsFormController } from './follows-form.controller.js';
import { FollowsLinksController } from './follows-links.controller.js';
import { FollowsService } from './follows.service.js';
import { VapidKeyStore } from './vapid-keys.js';

/** Readers following a story or a category by email or Web Push (docs/follows.md): the API side. */
@Module({
  // The newsletter's mail: its signing key, mailbox limits and mailer; the articles' category reads.
  imports: [ArticlesModule, NewsletterModule],
  controllers: [FollowsController, FollowsFormController, FollowsLinksController, PushServiceWorkerController, FollowsAdminController],
  providers: [FollowsService, FollowTargets, VapidKeyStore, FollowsAdminService],
  exports: [FollowsService, FollowTargets, VapidKeyStore, FollowsAdminService],
})
export class FollowsModule {}
