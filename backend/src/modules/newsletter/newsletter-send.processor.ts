import { DelayedError } from 'bullmq';
import { JobProcessor, type JobHandlers, type JobOf } from '../../queue/job-processor.js';
import type { JobResult } from '../../queue/job-types.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { DigestSenderService } from './digest-sender.service.js';

/**
 * A digest's senders, one at a time per worker process: a killed worker then leaves at most the one
 * message it was sending in doubt, and the digest's other senders run on the other workers.
 */
@QueueWorker(QUEUE.newsletterSend, 1)
export class NewsletterSendProcessor extends JobProcessor<typeof QUEUE.newsletterSend> {
  readonly handlers: JobHandlers<typeof QUEUE.newsletterSend> = {
    'newsletter-send': (data, job, token) => this.send(data.digestId, job, token),
  };

  constructor(private readonly sender: DigestSenderService) {
    super();
  }

  private async send(digestId: number, job: JobOf<'newsletter-send'>, token: string | undefined): Promise<JobResult<'newsletter-send'>> {
    const { sent, failed, stopped } = await this.sender.send(digestId, () => this.worker.closing !== undefined);
    if (stopped) {
      // Back to the queue at once, without spending an attempt: the next worker carries on from the rows left.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    return { sent, failed };
  }
}
