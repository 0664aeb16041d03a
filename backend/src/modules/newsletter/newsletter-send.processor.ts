import { Processor } from '@nestjs/bullmq';
import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { workerOptions } from '../../queue/worker-options.js';
import { DigestSenderService } from './digest-sender.service.js';

/**
 * A digest's senders, one at a time per worker process: a killed worker then leaves at most the one
 * message it was sending in doubt, and the digest's other senders run on the other workers.
 */
@Processor(QUEUE.newsletterSend, workerOptions(1))
export class NewsletterSendProcessor extends JobProcessor<typeof QUEUE.newsletterSend> {
  readonly handlers: JobHandlers<typeof QUEUE.newsletterSend> = {
    'newsletter-send': ({ digestId }) => this.sender.send(digestId),
  };

  constructor(private readonly sender: DigestSenderService) {
    super();
  }
}
