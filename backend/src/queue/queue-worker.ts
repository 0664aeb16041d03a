import { Injectable, SetMetadata, applyDecorators, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, ModuleRef, Reflector } from '@nestjs/core';
import { BullRegistrar, Processor } from '@nestjs/bullmq';
import { configReader, InjectConfig, type ConfigReader, type ConfigSlice } from '../config/config.module.js';
import type { QueueName } from './queue-names.js';
import { consumerConnection } from './redis-connection.js';

/** How many jobs of its queue one worker runs at once: a number, or read from the validated config. */
export type Concurrency = number | ((config: ConfigReader) => number);

interface QueueWorkerDeclaration {
  queue: QueueName;
  concurrency: Concurrency;
}

const QUEUE_WORKER = Symbol('queue-worker');

/** Declares a processor of `queue`; QueueWorkers starts its worker with the config (connection, timings, concurrency). */
export function QueueWorker(queue: QueueName, concurrency: Concurrency): ClassDecorator {
  return applyDecorators(Processor(queue), SetMetadata(QUEUE_WORKER, { queue, concurrency } satisfies QueueWorkerDeclaration));
}

/**
 * Starts this process's workers from the validated config: the connection that waits across a Redis
 * restart, the configured lock and stalled-check timings, each processor's concurrency. A decorator runs
 * when its file is imported, before any config exists, so @nestjs/bullmq registers the workers only when
 * told to (`manualRegistration`, QueueModule), here, once the config is injected. It runs in every process:
 * the API has no processor, so it starts no worker.
 */
@Injectable()
export class QueueWorkers implements OnModuleInit {
  constructor(
    @InjectConfig('queue') private readonly config: ConfigSlice<'queue'>,
    @InjectConfig('redis') private readonly redisConfig: ConfigSlice<'redis'>,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    for (const { metatype } of this.discovery.getProviders()) {
      const declared = metatype ? this.reflector.get<QueueWorkerDeclaration | undefined>(QUEUE_WORKER, metatype) : undefined;
      if (!declared || !metatype) continue;
      const { concurrency, queue } = declared;
      Processor(queue, {
        connection: consumerConnection(this.redisConfig.url),
        concurrency: typeof concurrency === 'number' ? concurrency : concurrency(configReader(this.moduleRef)),
        lockDuration: this.config.lockDurationMs,
        stalledInterval: this.config.stalledIntervalMs,
      })(metatype);
    }
    // @nestjs/bullmq's registrar lives in a module of its own that QueueModule cannot import by name.
    this.moduleRef.get(BullRegistrar, { strict: false }).register();
  }
}
