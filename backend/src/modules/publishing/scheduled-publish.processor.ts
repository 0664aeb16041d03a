import { Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { retryingThroughOutages } from '../../queue/outage-retry.js';
import { workerOptions } from '../../queue/worker-options.js';
import { ScheduledPublishingService } from './scheduled-publishing.service.js';

/** Publishes scheduled articles at their time: one job at a time per worker, once per article across workers (the statement decides). */
@Processor('publishing', workerOptions(1))
export class ScheduledPublishProcessor extends WorkerHost {
  constructor(private readonly publishing: ScheduledPublishingService) {
    super();
  }

  process(job: Job<JobPayload<'scheduled-publish'>, JobResult<'scheduled-publish'>, string>, token?: string): Promise<JobResult<'scheduled-publish'>> {
    if (job.name !== 'scheduled-publish') throw new Error(`Unknown publishing job '${job.name}'`);
    return retryingThroughOutages(job, token, async () => {
      const result = await this.publishing.publishDue();
      const later = job.data.articleId === null ? null : await this.publishing.stillWaiting(job.data.articleId);
      if (later && token) {
        await job.moveToDelayed(later.getTime(), token);
        throw new DelayedError();
      }
      return result;
    });
  }
}
