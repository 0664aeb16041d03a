import { Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { workerOptions } from '../../queue/worker-options.js';
import { DigestSenderService } from './digest-sender.service.js';

/**
 * A digest's senders, one at a time per worker process: a killed worker then leaves at most the one
 * message it was sending in doubt, and the digest's other senders run on the other workers.
 */
@Processor('newsletter-send', workerOptions(1))
export class NewsletterSendProcessor extends WorkerHost {
  constructor(private readonly sender: DigestSenderService) {
    super();
  }

  async process(job: Job<JobPayload<'newsletter-send'>, JobResult<'newsletter-send'>, string>, token?: string): Promise<JobResult<'newsletter-send'>> {
    if (job.name !== 'newsletter-send') throw new Error(`Unknown newsletter-send job '${job.name}'`);
    const { sent, failed, stopped } = await this.sender.send(job.data.digestId, () => this.worker.closing !== undefined);
    if (stopped) {
      // Back to the queue at once, without spending an attempt: the next worker carries on from the rows left.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    return { sent, failed };
  }
}
