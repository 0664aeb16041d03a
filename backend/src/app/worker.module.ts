import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from '../config/app-config.js';
import { AdminJobsModule } from '../modules/admin/index.js';
import { AiJobsModule } from '../modules/ai-jobs/index.js';
import { FediverseJobsModule } from '../modules/fediverse/index.js';
import { HealthJobsModule } from '../modules/health/index.js';
import { MediaJobsModule } from '../modules/media/index.js';
import { FollowsJobsModule } from '../modules/follows/index.js';
import { NewsletterJobsModule } from '../modules/newsletter/index.js';
import { PublishingJobsModule } from '../modules/publishing/index.js';
import { RecoveryJobsModule } from '../modules/recovery/index.js';
import { SourceWatchJobsModule } from '../modules/source-watch/index.js';
import { TrendingJobsModule } from '../modules/trending/index.js';
import { WorkflowJobsModule } from '../modules/workflow/index.js';
import { EveryJobHandled } from '../queue/every-job-handled.js';
import { CoreModule } from './core.module.js';

/** The worker process: no HTTP, only the BullMQ processors of each feature's *.jobs.module. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forRoot(config, 'worker'),
        ScheduleModule.forRoot(),
        AdminJobsModule,
        AiJobsModule,
        FediverseJobsModule,
        HealthJobsModule,
        MediaJobsModule,
        NewsletterJobsModule,
        FollowsJobsModule,
        PublishingJobsModule,
        RecoveryJobsModule,
        SourceWatchJobsModule,
        TrendingJobsModule,
        WorkflowJobsModule,
        DiscoveryModule,
      ],
      providers: [EveryJobHandled],
    };
  }
}
