import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { DiscoveryModule } from '@nestjs/core';
import type { AppConfig } from '../config/app-config.js';
import { JobProducer } from './job-producer.service.js';
import { DEFAULT_RETRY } from './job-types.js';
import { QueueMonitor } from './queue-monitor.js';
import { QUEUE_NAMES } from './queue-names.js';
import { QueueWorkers } from './queue-worker.js';
import { producerConnection } from './redis-connection.js';

const registeredQueues = BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name })));

@Global()
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: QueueModule,
      imports: [
        BullModule.forRoot({
          connection: producerConnection(config.redis.url),
          // The JobProducer gives each job its name's retries (JOB_RETRY); these are for a job added by hand in Bull Board.
          defaultJobOptions: {
            ...DEFAULT_RETRY,
            removeOnComplete: { age: 24 * 3600, count: 1_000 },
            removeOnFail: { age: 7 * 24 * 3600 },
          },
          // QueueWorkers starts the workers, with the config their decorators could not see.
          extraOptions: { manualRegistration: true },
        }),
        registeredQueues,
        DiscoveryModule,
      ],
      providers: [JobProducer, QueueMonitor, QueueWorkers],
      exports: [registeredQueues, JobProducer],
    };
  }
}
