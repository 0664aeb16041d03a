import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig, type AppConfig, type SliceName } from '../../src/config/app-config.js';
import { configToken } from '../../src/config/config.module.js';
import { SETTINGS } from '../../src/config/settings.js';

/** Config for a test: the run's PostgreSQL and Redis, quiet logs, its own media and backup folders. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    SERVE_WEB: 'false',
    MEDIA_DIR: path.join(process.env.TEST_DATA_DIR!, `media-${randomUUID()}`),
    BACKUP_DIR: path.join(process.env.TEST_DATA_DIR!, `backups-${randomUUID()}`),
    ...overrides,
  });
}

/** The config an app was started with, read slice by slice as its modules receive it. */
export function configOf(app: INestApplicationContext): AppConfig {
  return Object.fromEntries((Object.keys(SETTINGS) as SliceName[]).map((name) => [name, app.get(configToken(name), { strict: false })])) as AppConfig;
}

/** A suffix that keeps one test's rows apart from every other test's. */
export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}
