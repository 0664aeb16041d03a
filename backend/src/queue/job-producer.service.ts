import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { QueueEvents, type Job, type JobsOptions, type Queue } from 'bullmq';
import { logConnectionErrors } from '../common/connection-errors.js';
import { configReader, InjectConfig, type ConfigSlice } from '../config/config.module.js';
import { JOB_QUEUE, retryPolicy, type JobName, type JobPayload, type JobResult } from './job-types.js';
import type { QueueName } from './queue-names.js';
import { consumerConnection } from './redis-connection.js';

export class JobTimeoutError extends Error {}

/** A job's options where it is added; its retries are its name's (JOB_RETRY), the same wherever it is added. */
export type AddJobOptions = Omit<JobsOptions, 'attempts' | 'backoff'>;

/** The one way to add jobs: typed by job name, so a payload cannot drift from its processor. */
@Injectable()
export class JobProducer implements OnApplicationShutdown {
  private readonly events = new Map<QueueName, Promise<QueueEvents>>();

  constructor(
    private readonly moduleRef: ModuleRef,
    @InjectConfig('queue') private readonly config: ConfigSlice<'queue'>,
    @InjectConfig('redis') private readonly redisConfig: ConfigSlice<'redis'>,
  ) {}

  queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: AddJobOptions): Promise<Job<JobPayload<N>, JobResult<N>, N>> {
    return this.queue(JOB_QUEUE[name]).add(name, payload, { ...options, ...retryPolicy(name, payload, configReader(this.moduleRef)) }) as Promise<
      Job<JobPayload<N>, JobResult<N>, N>
    >;
  }

  /** Adds many jobs of one name in one round trip. */
  enqueueMany<N extends JobName>(name: N, jobs: { payload: JobPayload<N>; options?: AddJobOptions }[]): Promise<Job<JobPayload<N>, JobResult<N>, N>[]> {
    return this.queue(JOB_QUEUE[name]).addBulk(
      jobs.map(({ payload, options }) => ({ name, data: payload, opts: { ...options, ...retryPolicy(name, payload, configReader(this.moduleRef)) } })),
    ) as Promise<Job<JobPayload<N>, JobResult<N>, N>[]>;
  }

  /**
   * Creates or updates the repeatable job `name` (scheduler id = job name). BullMQ adds one job per
   * interval for the whole cluster however many processes call this, so every worker may call it at start.
   */
  schedule<N extends JobName>(name: N, repeat: { every: number } | { pattern: string }, payload: JobPayload<N>): Promise<unknown> {
    return this.queue(JOB_QUEUE[name]).upsertJobScheduler(name, repeat, {
      name,
      data: payload,
      opts: retryPolicy(name, payload, configReader(this.moduleRef)),
    });
  }

  unschedule(name: JobName): Promise<boolean> {
    return this.queue(JOB_QUEUE[name]).removeJobScheduler(name);
  }

  /** Adds a job and waits for its result; a job still running after the timeout rejects with JobTimeoutError. */
  async run<N extends JobName>(name: N, payload: JobPayload<N>, options?: AddJobOptions & { timeoutMs?: number }): Promise<JobResult<N>> {
    const events = await this.queueEvents(JOB_QUEUE[name]);
    const job = await this.enqueue(name, payload, options);
    const timeoutMs = options?.timeoutMs ?? this.config.jobWaitTimeoutMs;
    try {
      return (await job.waitUntilFinished(events, timeoutMs)) as JobResult<N>;
    } catch (error) {
      if (error instanceof Error && /timed out/i.test(error.message)) {
        throw new JobTimeoutError(`Job ${name} (${job.id}) did not finish within ${timeoutMs} ms`);
      }
      throw error;
    }
  }

  /**
   * The process's one QueueEvents of a queue (one Redis connection each, opened on first use and closed
   * at shutdown), for whoever waits on that queue's jobs: `run`, and callers that follow many jobs or
   * their progress.
   */
  queueEvents(name: QueueName): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      const created = new QueueEvents(name, { connection: consumerConnection(this.redisConfig.url) });
      logConnectionErrors(created, new Logger('Queues'), `Events of ${name}`);
      // Each request waiting for its jobs listens for a while: many at once are expected, not a leak.
      created.setMaxListeners(0);
      events = created.waitUntilReady().then(() => created);
      this.events.set(name, events);
    }
    return events;
  }

  /** After the HTTP server has drained: a request still waiting on a job keeps its events until then. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.events.values()].map(async (events) => (await events).close()));
  }
}
