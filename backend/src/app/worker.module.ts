import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from '../config/app-config.js';
import { AdminJobsModule } from '../modules/admin/admin.jobs.module.js';
import { AiJobsModule } from '../modules/ai/ai.jobs.module.js';
import { HealthJobsModule } from '../modules/health/health.jobs.module.js';
import { MediaJobsModule } from '../modules/media/media.jobs.module.js';
import { NewsletterJobsModule } from '../modules/newsletter/newsletter.jobs.module.js';
import { PublishingJobsModule } from '../modules/publishing/publishing.jobs.module.js';
import { RecoveryJobsModule } from '../modules/recovery/recovery.jobs.module.js';
import { TrendingJobsModule } from '../modules/trending/trending.jobs.module.js';
import { WorkflowJobsModule } from '../modules/workflow/workflow.jobs.module.js';
import { EveryJobHandled } from '../queue/every-job-handled.js';
import { CoreModule } from './core.module.js';

/** The worker process: no HTTP, only the BullMQ processors of each feature's *.jobs.module. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot(config, 'worker'), ScheduleModule.forRoot(), AdminJobsModule, AiJobsModule, HealthJobsModule, MediaJobsModule, NewsletterJobsModule, PublishingJobsModule, RecoveryJobsModule, TrendingJobsModule, WorkflowJobsModule, DiscoveryModule],
      providers: [EveryJobHandled],
    };
  }
}
