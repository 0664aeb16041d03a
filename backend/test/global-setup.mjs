// Real PostgreSQL and Redis for the whole run: TEST_DATABASE_URL / TEST_REDIS_URL when given, else an
// embedded PostgreSQL and a redis-server started here on free ports. The schema comes from the
// migrations of the build (the test target depends on it), applied as `cli migrate` applies them.
import { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startPostgres, startRedis } from '../../scripts/lib/services.mjs';
import { createOrmConfig } from '../dist/app/orm-config.js';

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-test-'));
  fs.chmodSync(dataDir, 0o755);
  const services = { dataDir };
  globalThis.__TEST_SERVICES__ = services;

  if (!process.env.TEST_DATABASE_URL) {
    services.postgres = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port: await freePort(), database: 'ai_mind_test' });
  }
  if (!process.env.TEST_REDIS_URL) {
    // A database for each suite that needs its own (TEST_REDIS_DATABASES in support/suite-redis.ts).
    services.redis = await startRedis({ port: await freePort(), databases: 32 });
  }
  process.env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? services.postgres.url;
  process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? services.redis.url;
  process.env.TEST_DATA_DIR = dataDir;

  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: process.env.DATABASE_URL, poolMax: 1 }));
  try {
    await orm.migrator.up();
  } finally {
    await orm.close(true);
  }
  await keepMigratedTemplate(process.env.DATABASE_URL);
}

/**
 * A copy of the database just migrated, left unconnected, for the suites that need a migrated database of
 * their own (support/own-database.ts): PostgreSQL copies it in a fraction of a second, where applying every
 * migration again took each of them seconds. Without it (no right to create databases), they migrate.
 */
async function keepMigratedTemplate(databaseUrl) {
  const name = `${new URL(databaseUrl).pathname.slice(1)}_migrated_${process.pid}`;
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: maintenanceUrl(databaseUrl), poolMax: 1 }));
  try {
    await orm.em.getConnection().execute(`create database "${name}" template "${new URL(databaseUrl).pathname.slice(1)}"`);
    process.env.TEST_MIGRATED_TEMPLATE = name;
    globalThis.__TEST_SERVICES__.template = { url: maintenanceUrl(databaseUrl), name };
  } catch (error) {
    process.stderr.write(`No migrated template database (${error.message}); suites needing their own database migrate it.\n`);
  } finally {
    await orm.close(true);
  }
}

function maintenanceUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}
