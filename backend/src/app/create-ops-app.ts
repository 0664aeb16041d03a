import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';
import { ImagesProcessor, MediaModule } from '../modules/media/index.js';
import { RecoveryModule, RecoveryProcessor } from '../modules/recovery/index.js';
import { CoreModule } from './core.module.js';

/**
 * The ops CLI's context: it adds its jobs to the queues like the API does, and also runs the recovery
 * and images processors itself while it waits, so a command completes with no worker process up (and
 * shares the work, one recovery at a time cluster-wide, when there are some). Only the processors:
 * the backup schedule stays the workers' business, whatever environment the CLI is run with.
 */
@Module({})
class OpsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: OpsModule,
      imports: [CoreModule.forRoot(config, 'worker'), RecoveryModule, MediaModule],
      providers: [RecoveryProcessor, ImagesProcessor],
    };
  }
}

export async function createOpsApp(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(OpsModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
