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

/** A migrated database of its own for the whole file, with an ORM on it: made before the file's tests, dropped after. */
export function useOwnDatabase(): { readonly orm: MikroORM } {
  let own: Awaited<ReturnType<typeof createOwnDatabase>> | undefined;
  let orm: MikroORM | undefined;
  beforeAll(async () => {
    own = await createOwnDatabase();
    orm = await MikroORM.init(createOrmConfig({ databaseUrl: own.url, poolMax: 1 }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await own?.drop();
  });
  return {
    get orm() {
      return orm!;
    },
  };
}
