import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '../../src/app/orm-config.js';
import { uniqueSuffix } from './test-config.js';

/**
 * A migrated database of its own, for tests whose subject acts on every row (seeding once, clearing all
 * problematic drafts) and so must not share rows with tests running at the same time. A copy of the
 * database global-setup.mjs migrated (TEST_MIGRATED_TEMPLATE), made by PostgreSQL in a fraction of a
 * second; `fromMigrations` applies the migrations instead (the schema-drift test checks what they make).
 */
export async function createOwnDatabase({ fromMigrations = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `own_${uniqueSuffix()}`;
  const template = fromMigrations ? undefined : process.env.TEST_MIGRATED_TEMPLATE;
  const admin = await MikroORM.init(createOrmConfig({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1 }));
  await admin.em.getConnection().execute(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  if (!template) {
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: url.toString(), poolMax: 1 }));
    await orm.migrator.up();
    await orm.close(true);
  }
  return {
    url: url.toString(),
    drop: async () => {
      await admin.em.getConnection().execute(`drop database "${name}" with (force)`);
      await admin.close(true);
    },
  };
}

/** A migrated database of its own for the whole file, with an ORM on it: made before the file's tests, dropped after. */
export function useOwnDatabase(options: Parameters<typeof createOwnDatabase>[0] = {}): { readonly orm: MikroORM } {
  let own: Awaited<ReturnType<typeof createOwnDatabase>> | undefined;
  let orm: MikroORM | undefined;
  beforeAll(async () => {
    own = await createOwnDatabase(options);
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
