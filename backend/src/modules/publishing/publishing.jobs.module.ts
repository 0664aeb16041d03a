import { Module } from '@nestjs/common';
import { AiCommentaryModule } from '../ai-jobs/index.js';
import { ArticlesModule } from '../articles/index.js';
import { ScheduledPublishProcessor } from './scheduled-publish.processor.js';
import { ScheduledPublishingService } from './scheduled-publishing.service.js';

/** Worker side of the publishing schedule. */
@Module({ imports: [ArticlesModule, AiCommentaryModule], providers: [ScheduledPublishingService, ScheduledPublishProcessor] })
export class PublishingJobsModule {}
