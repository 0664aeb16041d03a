import { defineOrmConfig } from '../database/mikro-orm.config.js';
import { ENTITIES } from './entities.js';

/** The ORM's configuration for every module's entities: the API, the worker, the CLI and the tests' setup. */
export function createOrmConfig(options: { databaseUrl: string; poolMax?: number; debug?: boolean }) {
  return defineOrmConfig({ ...options, entities: ENTITIES });
}
