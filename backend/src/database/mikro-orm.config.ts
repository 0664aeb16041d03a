import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import path from 'node:path';
import { BACKEND_DIR } from '../common/backend-dir.js';
import type { EntityClass } from './kysely.js';
import { MIGRATIONS } from './migrations/index.js';

/** Where new migrations are written by `cli migration:create` (always the source tree). */
export const MIGRATIONS_SOURCE_DIR = path.join(BACKEND_DIR, 'src/database/migrations');

/** How long a query waits for a pooled connection (or a new one) before giving up. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/** Tables with no entity: read and written by SQL only (see schemaGenerator.skipTables below). None at present. */
export const SQL_ONLY_TABLES: string[] = [];

/** How the ORM connects and migrates, for these entities (the app's are assembled in app/orm-config.ts). */
export function defineOrmConfig(options: { entities: readonly EntityClass[]; databaseUrl: string; poolMax?: number; debug?: boolean }) {
  return defineConfig({
    clientUrl: options.databaseUrl,
    entities: [...options.entities],
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax ?? 10 },
    // pg's pool: while PostgreSQL is down or every connection is busy, a query waits at most this
    // long for a connection (then fails and is answered 503) instead of hanging; TCP keepalive finds
    // connections whose server vanished.
    driverOptions: { connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS, keepAlive: true },
    debug: options.debug ?? false,
    schemaGenerator: {
      // Tables kept by SQL alone (triggers, raw queries), with no entity; their definitions are their migrations.
      skipTables: SQL_ONLY_TABLES,
      // Functions are declared in database/schema/functions.ts (test/schema-drift.spec.ts compares them), not as ORM routines.
      ignoreRoutines: true,
    },
    forceUtcTimezone: true,
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: MIGRATIONS_SOURCE_DIR,
      pathTs: MIGRATIONS_SOURCE_DIR,
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
  });
}
