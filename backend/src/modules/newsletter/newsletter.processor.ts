import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload } from '../../queue/job-types.js';
import { workerOptions } from '../../queue/worker-options.js';
import { DigestService } from './digest.service.js';
import { NewsletterService } from './newsletter.service.js';

/** Confirmation emails (retried with the queue's backoff) and the digest schedule's minute. */
@Processor('newsletter', workerOptions(2))
export class NewsletterProcessor extends WorkerHost {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly digests: DigestService,
  ) {
    super();
  }

  async process(job: Job<JobPayload<'newsletter-confirmation'> | JobPayload<'newsletter-schedule'>, unknown, string>): Promise<unknown> {
    switch (job.name) {
      case 'newsletter-confirmation':
        return this.newsletter.sendConfirmation((job.data as JobPayload<'newsletter-confirmation'>).subscriberId);
      case 'newsletter-schedule':
        return this.digests.tick();
      default:
        throw new Error(`Unknown newsletter job '${job.name}'`);
    }
  }
}
