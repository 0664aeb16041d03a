import { Processor } from '@nestjs/bullmq';
import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { workerOptions } from '../../queue/worker-options.js';
import { DigestService } from './digest.service.js';
import { NewsletterService } from './newsletter.service.js';

/** Confirmation emails (retried, see JOB_RETRY) and the digest schedule's minute. */
@Processor(QUEUE.newsletter, workerOptions(2))
export class NewsletterProcessor extends JobProcessor<typeof QUEUE.newsletter> {
  readonly handlers: JobHandlers<typeof QUEUE.newsletter> = {
    'newsletter-confirmation': ({ subscriberId }) => this.newsletter.sendConfirmation(subscriberId),
    'newsletter-schedule': () => this.digests.tick(),
  };

  constructor(
    private readonly newsletter: NewsletterService,
    private readonly digests: DigestService,
  ) {
    super();
  }
}
