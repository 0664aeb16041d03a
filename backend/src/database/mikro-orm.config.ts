import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ArticleRevisionSubscriber } from '../modules/recovery/article-revision.subscriber.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/** Where new migrations are written by `cli migration:create` (always the source tree). */
export const MIGRATIONS_SOURCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/database/migrations');

export function createOrmConfig(options: { databaseUrl: string; poolMax?: number; debug?: boolean }) {
  return defineConfig({
    clientUrl: options.databaseUrl,
    entities: ENTITIES,
    subscribers: [new ArticleRevisionSubscriber()],
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax ?? 10 },
    debug: options.debug ?? false,
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
