import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { JobProducer } from './job-producer.service.js';
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
        // Retries are each job name's (JOB_RETRY), set by the JobProducer.
        defaultJobOptions: {
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
