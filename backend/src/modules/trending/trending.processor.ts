import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { workerOptions } from '../../queue/worker-options.js';
import { TrendingRefreshService } from './trending-refresh.service.js';

/** One refresh at a time per worker; the topic store's lock serialises them across workers. */
@Processor('trending', workerOptions(1))
export class TrendingProcessor extends WorkerHost {
  constructor(private readonly refresher: TrendingRefreshService) {
    super();
  }

  async process(job: Job<JobPayload<'trending-refresh'>, JobResult<'trending-refresh'>, string>): Promise<JobResult<'trending-refresh'>> {
    switch (job.name) {
      case 'trending-refresh':
        return this.refresher.refresh(job.data.trigger);
      default:
        throw new Error(`Unknown trending job '${job.name}'`);
    }
  }
}
