import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { JobProducer } from './job-producer.service.js';
import { DEFAULT_RETRY } from './job-types.js';
import { QueueErrorLogger } from './queue-error-logger.js';
import { QUEUE_NAMES } from './queue-names.js';
import { producerConnection } from './redis-connection.js';

const registeredQueues = BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name })));

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: producerConnection(config.redisUrl),
        // The JobProducer gives each job its name's retries (JOB_RETRY); these are for a job added by hand in Bull Board.
        defaultJobOptions: {
          ...DEFAULT_RETRY,
          removeOnComplete: { age: 24 * 3600, count: 1_000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      }),
    }),
    registeredQueues,
    DiscoveryModule,
  ],
  providers: [JobProducer, QueueErrorLogger],
  exports: [registeredQueues, JobProducer],
})
export class QueueModule {}
