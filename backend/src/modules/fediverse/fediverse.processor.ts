import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { FediverseDelivery } from './fediverse-delivery.js';

/** Deliveries to followers' inboxes, several at once per worker: each waits on a remote server. */
@QueueWorker(QUEUE.fediverse, 8)
export class FediverseProcessor extends JobProcessor<typeof QUEUE.fediverse> {
  readonly handlers: JobHandlers<typeof QUEUE.fediverse> = {
    'fediverse-deliver': ({ deliveryId }, job) => this.delivery.deliver(deliveryId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
  };

  constructor(private readonly delivery: FediverseDelivery) {
    super();
  }
}
