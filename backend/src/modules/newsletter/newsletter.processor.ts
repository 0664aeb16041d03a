import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { DigestService } from './digest.service.js';
import { NewsletterService } from './newsletter.service.js';

/** Confirmation emails (retried, see JOB_RETRY) and the digest schedule's minute. */
@QueueWorker(QUEUE.newsletter, 2)
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
