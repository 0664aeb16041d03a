import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferClassEntityDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { ENTITIES } from './entities.js';

/**
 * The database as Kysely sees it, inferred from the entities: table and column names as PostgreSQL has them
 * (snake case), column types from the entities' properties. A renamed column is a compile error in every
 * query that uses it; the schema-drift test keeps the entities true to the migrated database.
 */
export type Database = InferClassEntityDB<(typeof ENTITIES)[number]>;

/** The typed query builder bound to this entity manager (and so to its transaction, when it is in one). */
export function db(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>();
}
