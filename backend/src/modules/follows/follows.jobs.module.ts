import { Module } from '@nestjs/common';
import { NewsletterModule } from '../newsletter/index.js';
import { FollowDeliveryService } from './follow-delivery.service.js';
import { FollowsScheduleService } from './follows-schedule.service.js';
import { FollowsModule } from './follows.module.js';
import { FollowsProcessor, FollowsSendProcessor } from './follows.processor.js';
import { PushSender } from './push-sender.js';

/** Worker side of the follows: the fan-out, the daily bundles and the senders (never the API's event loop). */
@Module({
  imports: [FollowsModule, NewsletterModule],
  providers: [FollowDeliveryService, PushSender, FollowsProcessor, FollowsSendProcessor, FollowsScheduleService],
})
export class FollowsJobsModule {}
