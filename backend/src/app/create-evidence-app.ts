import { Module, type DynamicModule, type INestApplicationContext, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '../config/app-config.js';
import { EvidenceModule } from '../modules/evidence/index.js';
import { CoreModule } from './core.module.js';

/** The CLI's `evidence` context: the export's reads only, no processors. */
@Module({})
class EvidenceCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: EvidenceCliModule, imports: [CoreModule.forRoot(config, 'worker'), EvidenceModule] };
  }
}

/** Warnings and errors to standard error: standard output carries the export itself. */
const toStandardError: LoggerService = {
  log: () => undefined,
  warn: (message: unknown) => process.stderr.write(`warn: ${String(message)}\n`),
  error: (message: unknown, trace?: unknown) => process.stderr.write(`error: ${String(message)}${trace ? `\n${String(trace)}` : ''}\n`),
};

export async function createEvidenceApp(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(EvidenceCliModule.forRoot(config), { logger: toStandardError });
  await app.init();
  return app;
}
