import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '../../src/app/orm-config.js';
import { uniqueSuffix } from './test-config.js';

/**
 * A migrated database of its own, for tests whose subject acts on every row (seeding once, clearing all
 * problematic drafts) and so must not share rows with tests running at the same time.
 */
export async function createOwnDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `own_${uniqueSuffix()}`;
  const admin = await MikroORM.init(createOrmConfig({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1 }));
  await admin.em.getConnection().execute(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: url.toString(), poolMax: 1 }));
  await orm.migrator.up();
  await orm.close(true);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.em.getConnection().execute(`drop database "${name}" with (force)`);
      await admin.close(true);
    },
  };
}
