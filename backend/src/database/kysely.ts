import type { EntityName, Opt, PrimaryProperty, Scalar } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferClassEntityDB, SnakeCase } from '@mikro-orm/sql';
import type { Generated, Kysely, Selectable } from 'kysely';
import type { ENTITIES } from './entities.js';

/** A property holding a JSON object: not a scalar, an array, a method, nor another entity (a relation). */
type JsonObjectKey<Instance> = {
  [K in keyof Instance & string]: NonNullable<Instance[K]> extends Scalar | readonly unknown[] | ((...args: never[]) => unknown)
    ? never
    : NonNullable<Instance[K]> extends { [EntityName]?: unknown }
      ? never
      : K;
}[keyof Instance & string];

/**
 * The tables of entity classes as MikroORM infers them, but for JSON objects: its inference reads any
 * object-typed property as a relation (a revision's `snapshot`, an article row with an `id`, as a
 * `snapshot_id` join column); here such a property is its own column, typed by the property.
 */
type TablesOf<E> = E extends abstract new (...args: never[]) => infer Instance
  ? {
      [Table in keyof InferClassEntityDB<E>]: Omit<
        InferClassEntityDB<E>[Table],
        { [K in JsonObjectKey<Instance>]: `${SnakeCase<K>}_${SnakeCase<PrimaryProperty<NonNullable<Instance[K]>> & string>}` }[JsonObjectKey<Instance>]
      > & { [K in JsonObjectKey<Instance> as SnakeCase<K>]: Instance[K] };
    }
  : never;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

type EntityTables = Intersection<TablesOf<(typeof ENTITIES)[number]>>;

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
export type EntityRow<E> = Row<TablesOf<E>[keyof TablesOf<E>]>;

/** The typed query builder bound to this entity manager (and so to its transaction, when it is in one). */
export function db(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>();
}
