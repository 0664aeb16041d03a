import type { WorkerOptions } from 'bullmq';
import type { AppConfig } from '../config/app-config.js';
import { consumerConnection } from './redis-connection.js';

let tuning: AppConfig | undefined;

/** Gives workers created from now on the configured lock and stalled-check timings. */
export function tuneWorkers(config: AppConfig): void {
  tuning = config;
}

/**
 * Options for @Processor() that follow the validated config. A decorator runs when its file is
 * imported, before any config is loaded, so these are getters: @nestjs/bullmq spreads the options
 * into the Worker it creates at start, after tuneWorkers(), and that is when they are read.
 * Every process that runs processors tunes them first (the worker and the ops CLI).
 */
export function workerOptions(concurrency: number | ((config: AppConfig) => number)): WorkerOptions {
  return {
    // Workers keep their commands across a Redis restart (the queues' shared connection fails fast).
    get connection() {
      if (!tuning) throw new Error('tuneWorkers(config) must run before any worker starts');
      return consumerConnection(tuning.redisUrl);
    },
    get concurrency() {
      if (typeof concurrency === 'number') return concurrency;
      return tuning ? concurrency(tuning) : 1;
    },
    get lockDuration() {
      return tuning?.queue.lockDurationMs ?? 30_000;
    },
    get stalledInterval() {
      return tuning?.queue.stalledIntervalMs ?? 30_000;
    },
  } as WorkerOptions;
}
