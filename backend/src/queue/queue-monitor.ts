import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { logConnectionErrors } from '../common/connection-errors.js';
import { JobProducer } from './job-producer.service.js';
import { QUEUE_NAMES } from './queue-names.js';

/**
 * Gives every queue and worker of this process an 'error' listener that logs through pino, and on a
 * stop names the jobs the worker still waits for (a stop that outlasts its grace period says why).
 */
@Injectable()
export class QueueMonitor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly running = new Map<string, string>();

  constructor(
    private readonly jobs: JobProducer,
    private readonly discovery: DiscoveryService,
  ) {}

  onApplicationBootstrap(): void {
    for (const name of QUEUE_NAMES) logConnectionErrors(this.jobs.queue(name), this.logger, `Queue ${name}`);
    for (const { instance } of this.discovery.getProviders()) {
      if (!(instance instanceof WorkerHost)) continue;
      const { worker } = instance;
      logConnectionErrors(worker, this.logger, `Worker of ${worker.name}`);
      const key = (job: Job) => `${worker.name}#${job.id}`;
      worker.on('active', (job: Job) => this.running.set(key(job), `${worker.name} ${job.name} #${job.id}`));
      worker.on('completed', (job: Job) => this.running.delete(key(job)));
      worker.on('failed', (job: Job | undefined) => job && this.running.delete(key(job)));
    }
  }

  beforeApplicationShutdown(): void {
    if (this.running.size > 0) this.logger.warn({ jobs: [...this.running.values()] }, 'Stopping: finishing the jobs in progress first');
  }
}
