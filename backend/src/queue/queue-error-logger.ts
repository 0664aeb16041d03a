import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import { logConnectionErrors } from '../common/connection-errors.js';
import { JobProducer } from './job-producer.service.js';
import { QUEUE_NAMES } from './queue-names.js';

/** Gives every queue and worker of this process an 'error' listener that logs through pino. */
@Injectable()
export class QueueErrorLogger implements OnApplicationBootstrap {
  private readonly logger = new Logger('Queues');

  constructor(
    private readonly jobs: JobProducer,
    private readonly discovery: DiscoveryService,
  ) {}

  onApplicationBootstrap(): void {
    for (const name of QUEUE_NAMES) logConnectionErrors(this.jobs.queue(name), this.logger, `Queue ${name}`);
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof WorkerHost) logConnectionErrors(instance.worker, this.logger, `Worker of ${instance.worker.name}`);
    }
  }
}
