import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { workerOptions } from '../../queue/worker-options.js';
import { DigestSenderService } from './digest-sender.service.js';

/** A digest's senders: as many at once per worker as there are senders per digest. */
@Processor('newsletter-send', workerOptions((config) => config.newsletter.senders))
export class NewsletterSendProcessor extends WorkerHost {
  constructor(private readonly sender: DigestSenderService) {
    super();
  }

  process(job: Job<JobPayload<'newsletter-send'>, JobResult<'newsletter-send'>, string>): Promise<JobResult<'newsletter-send'>> {
    if (job.name !== 'newsletter-send') throw new Error(`Unknown newsletter-send job '${job.name}'`);
    return this.sender.send(job.data.digestId);
  }
}
