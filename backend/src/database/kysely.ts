import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferClassEntityDB } from '@mikro-orm/sql';
import type { Kysely, Selectable } from 'kysely';
import type { ENTITIES } from './entities.js';

/**
 * The database as Kysely sees it, inferred from the entities: table and column names as PostgreSQL has them
 * (snake case), column types from the entities' properties. A renamed column is a compile error in every
 * query that uses it; the schema-drift test keeps the entities true to the migrated database.
 */
export type Database = InferClassEntityDB<(typeof ENTITIES)[number]>;

/**
 * A row of a table as PostgreSQL returns it: every column present, a nullable one `null` (the entity's optional
 * properties would make it `undefined` too, which a selected column never is).
 */
export type Row<Table> = { [K in keyof Selectable<Table>]-?: Exclude<Selectable<Table>[K], undefined> };

/** A row of table `T` as PostgreSQL returns it. */
export type RowOf<T extends keyof Database> = Row<Database[T]>;

/** The row of one entity's table, for a type an entity itself uses (through `Database` it would refer to itself). */
export type EntityRow<E> = Row<InferClassEntityDB<E>[keyof InferClassEntityDB<E>]>;

/** The typed query builder bound to this entity manager (and so to its transaction, when it is in one). */
export function db(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>();
}
