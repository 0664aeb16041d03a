import type { Opt } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferClassEntityDB } from '@mikro-orm/sql';
import type { Generated, Kysely, Selectable } from 'kysely';
import type { ENTITIES } from './entities.js';

type EntityTables = InferClassEntityDB<(typeof ENTITIES)[number]>;

/**
 * A column as a query sees it. The entity classes mark a column PostgreSQL fills by itself (`Opt`, a
 * default) or one that may be left out (`?`, nullable): both may be left out of an insert, and both read
 * back without the `undefined` of an unloaded property (a nullable column reads as null).
 */
type Column<V> = undefined extends V ? Generated<Unbranded<Exclude<V, undefined>>> : typeof Opt.__optional extends keyof V ? Generated<Unbranded<V>> : V;
/** The value without the entity's `Opt` mark, so a column of literals reads as those literals. */
type Unbranded<V> = V extends Opt<infer Value> ? Value : V;

/**
 * The database as Kysely sees it, inferred from the entities: table and column names as PostgreSQL has them
 * (snake case), column types from the entities' properties. A renamed column is a compile error in every
 * query that uses it; the schema-drift test keeps the entities true to the migrated database.
 */
export type Database = { [Table in keyof EntityTables]: { [Name in keyof EntityTables[Table]]-?: Column<EntityTables[Table][Name]> } };

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
