import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobProducer } from '../../queue/job-producer.service.js';

/** The digest schedule's clock: a repeatable job each minute, one per cluster, that sends what is due. */
@Injectable()
export class NewsletterScheduleService implements OnApplicationBootstrap {
  constructor(private readonly jobs: JobProducer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('newsletter-schedule', { every: 60_000 }, {});
  }
}
