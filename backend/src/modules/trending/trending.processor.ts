import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { TrendingRefreshService } from './trending-refresh.service.js';

/** One refresh at a time per worker; the topic store's lock serialises them across workers. */
@QueueWorker(QUEUE.trending, 1)
export class TrendingProcessor extends JobProcessor<typeof QUEUE.trending> {
  readonly handlers: JobHandlers<typeof QUEUE.trending> = {
    'trending-refresh': ({ trigger }) => this.refresher.refresh(trigger),
  };

  constructor(private readonly refresher: TrendingRefreshService) {
    super();
  }
}
