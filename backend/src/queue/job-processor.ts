import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobName, JobNamesOf, JobPayload, JobResult } from './job-types.js';
import type { QueueName } from './queue-names.js';

export type JobOf<N extends JobName> = Job<JobPayload<N>, JobResult<N>, N>;

export type JobHandler<N extends JobName> = (data: JobPayload<N>, job: JobOf<N>, token: string | undefined) => Promise<JobResult<N>>;

/** One handler for each job name of queue Q: a name left out does not compile. */
export type JobHandlers<Q extends QueueName> = { readonly [N in JobNamesOf<Q>]: JobHandler<N> };

/**
 * A processor that runs each job of its queue by the handler of the job's name, the payload typed by
 * the catalogue. The worker checks at start that its processors have a handler for every job of the
 * catalogue (EveryJobHandled); a job of a name outside the catalogue (added by hand in Bull Board,
 * say) fails here.
 */
export abstract class JobProcessor<Q extends QueueName> extends WorkerHost {
  abstract readonly handlers: JobHandlers<Q>;

  process(job: Job, token?: string): Promise<unknown> {
    if (!Object.hasOwn(this.handlers, job.name)) return Promise.reject(new Error(`Unknown ${job.queueName} job '${job.name}'`));
    // The job was added under this name, so its data is this name's payload (JobProducer).
    const handlers = this.handlers as unknown as Record<string, (data: unknown, job: Job, token: string | undefined) => Promise<unknown>>;
    return handlers[job.name](job.data, job, token);
  }
}
