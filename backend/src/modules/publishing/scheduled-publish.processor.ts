import { DelayedError, type Job } from 'bullmq';
import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { retryingThroughOutages } from '../../queue/outage-retry.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { ScheduledPublishingService } from './scheduled-publishing.service.js';

/** Publishes scheduled articles at their time: one job at a time per worker, once per article across workers (the statement decides). */
@QueueWorker(QUEUE.publishing, 1)
export class ScheduledPublishProcessor extends JobProcessor<typeof QUEUE.publishing> {
  readonly handlers: JobHandlers<typeof QUEUE.publishing> = {
    'scheduled-publish': async ({ articleId }, job, token) => {
      const result = await this.publishing.publishDue();
      const later = articleId === null ? null : await this.publishing.stillWaiting(articleId);
      if (later && token) {
        await job.moveToDelayed(later.getTime(), token);
        throw new DelayedError();
      }
      return result;
    },
  };

  constructor(private readonly publishing: ScheduledPublishingService) {
    super();
  }

  override process(job: Job, token?: string): Promise<unknown> {
    return retryingThroughOutages(job, token, () => super.process(job, token));
  }
}
