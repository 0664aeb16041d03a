import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';
import { MediaJobsModule } from '../modules/media/media.jobs.module.js';
import { RecoveryJobsModule } from '../modules/recovery/recovery.jobs.module.js';
import { tuneWorkers } from '../queue/worker-options.js';
import { CoreModule } from './core.module.js';

/**
 * The ops CLI's context: it adds its jobs to the queues like the API does, and also runs the recovery
 * and images processors itself while it waits, so a command completes with no worker process up (and
 * shares the work, one recovery at a time cluster-wide, when there are some).
 */
@Module({})
class OpsModule {
  static forRoot(config: AppConfig): DynamicModule {
    tuneWorkers(config);
    return { module: OpsModule, imports: [CoreModule.forRoot(config, 'worker'), RecoveryJobsModule, MediaJobsModule] };
  }
}

export async function createOpsApp(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(OpsModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
