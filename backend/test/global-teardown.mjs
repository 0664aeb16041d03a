import { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import { createOrmConfig } from '../dist/app/orm-config.js';

export default async function globalTeardown() {
  const services = globalThis.__TEST_SERVICES__;
  if (!services) return;
  // The migrated template (global-setup.mjs) goes with the PostgreSQL started here; one given by
  // TEST_DATABASE_URL keeps no copy behind.
  if (services.template && !services.postgres) {
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: services.template.url, poolMax: 1 }));
    await orm.em
      .getConnection()
      .execute(`drop database if exists "${services.template.name}"`)
      .finally(() => orm.close(true));
  }
  await services.redis?.stop();
  await services.postgres?.stop();
  fs.rmSync(services.dataDir, { recursive: true, force: true });
}
