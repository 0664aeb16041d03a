import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { SourceWatchService } from './source-watch.service.js';

/** One run at a time per worker: a run is polite to each host by itself, two at once would not be. */
@QueueWorker(QUEUE.sourceWatch, 1)
export class SourceWatchProcessor extends JobProcessor<typeof QUEUE.sourceWatch> {
  readonly handlers: JobHandlers<typeof QUEUE.sourceWatch> = {
    'source-watch-run': () => this.watch.run(),
  };

  constructor(private readonly watch: SourceWatchService) {
    super();
  }
}
