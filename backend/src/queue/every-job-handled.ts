import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JOB_QUEUE } from './job-types.js';
import { JobProcessor } from './job-processor.js';
import type { QueueName } from './queue-names.js';

/** A queue's processor and the job names it has handlers for. */
export interface HandledJobs {
  queue: string;
  jobs: readonly string[];
}

/** The jobs of `catalogue` (job name to queue) that no processor of `processors` takes. */
export function unhandledJobs(processors: readonly HandledJobs[], catalogue: Readonly<Record<string, string>> = JOB_QUEUE): { queue: string; job: string }[] {
  const handled = new Set(processors.flatMap(({ queue, jobs }) => jobs.map((job) => `${queue}\u0000${job}`)));
  return Object.entries(catalogue)
    .filter(([job, queue]) => !handled.has(`${queue}\u0000${job}`))
    .map(([job, queue]) => ({ queue, job }));
}

export function assertEveryJobHandled(processors: readonly HandledJobs[], catalogue?: Readonly<Record<string, string>>): void {
  const missing = unhandledJobs(processors, catalogue);
  if (missing.length > 0) {
    throw new Error(`The worker has no handler for ${missing.map(({ queue, job }) => `job '${job}' of queue '${queue}'`).join(', ')}`);
  }
}

function handledJobs(processor: JobProcessor<QueueName>): HandledJobs {
  return { queue: processor.worker.name, jobs: Object.keys(processor.handlers) };
}

/**
 * The worker process refuses to start when a job of the catalogue has no handler among its processors,
 * rather than failing that job whenever one is added.
 */
@Injectable()
export class EveryJobHandled implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  /** The workers are made by now: QueueWorkers starts them in QueueModule, imported deeper, so its onModuleInit ran first. */
  onModuleInit(): void {
    const processors = this.discovery.getProviders().flatMap(({ instance }) => (instance instanceof JobProcessor ? [handledJobs(instance)] : []));
    assertEveryJobHandled(processors);
  }
}
