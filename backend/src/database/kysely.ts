import type { EntityName, Opt, PrimaryProperty, Scalar } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferClassEntityDB, SnakeCase } from '@mikro-orm/sql';
import type { Generated, Kysely, Selectable } from 'kysely';

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

/** An entity class, as a module lists those whose tables it owns or reads. */
export type EntityClass = abstract new (...args: never[]) => object;

/**
 * A column as a query sees it. The entity classes mark a column PostgreSQL fills by itself (`Opt`, a
 * default) or one that may be left out (`?`, nullable): both may be left out of an insert, and both read
 * back without the `undefined` of an unloaded property (a nullable column reads as null).
 */
type Column<V> = undefined extends V ? Generated<Unbranded<Exclude<V, undefined>>> : typeof Opt.__optional extends keyof V ? Generated<Unbranded<V>> : V;
/** The value without the entity's `Opt` mark, so a column of literals reads as those literals. */
type Unbranded<V> = V extends Opt<infer Value> ? Value : V;

/**
 * The tables of these entities as Kysely sees them: table and column names as PostgreSQL has them (snake
 * case), column types from the entities' properties. A renamed column is a compile error in every query
 * that uses it; the schema-drift test keeps the entities true to the migrated database.
 */
export type DatabaseOf<Entities extends readonly EntityClass[]> =
  Intersection<TablesOf<Entities[number]>> extends infer Tables
    ? { [Table in keyof Tables]: { [Name in keyof Tables[Table]]-?: Column<Tables[Table][Name]> } }
    : never;

/** The statements that change a table: a module runs them only on the tables it owns. */
type Writes = 'insertInto' | 'updateTable' | 'deleteFrom' | 'mergeInto' | 'replaceInto';

/**
 * A module's query builder: it selects from the tables the module owns and those it declares it reads,
 * and writes only its own (a write to another module's table goes through that module, or is a constraint).
 * `with` (a common table expression) is the owned builder's too, as a CTE may write; what would give back a
 * builder of every table (a transaction of its own, another schema, plugins) is left out: a module's
 * transaction is its entity manager's.
 */
export type ModuleKysely<Own, Reads> = Omit<Kysely<Own & Reads>, Writes | CommonTableExpressions | Unscoped> &
  Pick<Kysely<Own>, Writes | CommonTableExpressions>;

type CommonTableExpressions = 'with' | 'withRecursive';
type Unscoped = 'transaction' | 'startTransaction' | 'connection' | 'withTables' | 'withPlugin' | 'withoutPlugins' | 'withSchema' | 'schema' | 'introspection';

/**
 * The entities of every module, by module: each module's `tables.ts` adds its own list here (declaration
 * merging), so a module names the tables it reads of another by name, without importing that module.
 * app/entities.ts checks that these are exactly the entities the ORM is given.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface ModuleEntities {}

/** Every entity a module has declared in ModuleEntities. */
export type RegisteredEntity = ModuleEntities[keyof ModuleEntities] extends infer Lists
  ? Lists extends readonly EntityClass[]
    ? Lists[number]
    : never
  : never;

/** A table of any module, by name: what a module may declare it reads. */
export type TableName = keyof DatabaseOf<RegisteredEntity[]>;

/**
 * The one way a module queries the database, declared once in its `tables.ts` (docs/architecture.md#modules):
 * `moduleDatabase<typeof OWN_ENTITIES, 'admin_user' | 'comment'>()` gives the query builder of the tables of
 * its own entities plus the other modules' tables it names. A query on any other table is a compile
 * error, and so is a write to a table it only reads. The reads are reviewed like its imports. A raw SQL
 * string (`em.execute`) and the ORM's entity calls are outside this check: a raw statement names its
 * other modules' tables among the declared reads too.
 */
export function moduleDatabase<Own extends readonly EntityClass[], Reads extends Exclude<TableName, keyof DatabaseOf<Own>> = never>(): ModuleQueries<
  DatabaseOf<Own>,
  Pick<DatabaseOf<RegisteredEntity[]>, Reads>
> {
  return (em: EntityManager) => em.getKysely() as unknown as ModuleKysely<DatabaseOf<Own>, Pick<DatabaseOf<RegisteredEntity[]>, Reads>>;
}

/** A module's query builder, bound to an entity manager (and so to its transaction, when it is in one). */
export interface ModuleQueries<Own, Reads> {
  (em: EntityManager): ModuleKysely<Own, Reads>;
  /** Never set: names the tables the module sees, for `DatabaseOfModule`. */
  readonly tables?: Own & Reads;
}

/** The tables a module's queries see (its own and those it reads), for helpers that take part of a query. */
export type DatabaseOfModule<Queries extends { readonly tables?: unknown }> = NonNullable<Queries['tables']>;

/**
 * A row of a table as PostgreSQL returns it: every column present, a nullable one `null` (the entity's optional
 * properties would make it `undefined` too, which a selected column never is).
 */
export type Row<Table> = { [K in keyof Selectable<Table>]-?: Exclude<Selectable<Table>[K], undefined> };

/** A row of table `T` of those a module's queries see, as PostgreSQL returns it: `RowOf<typeof articlesDb, 'article'>`. */
export type RowOf<Queries extends { readonly tables?: unknown }, T extends keyof DatabaseOfModule<Queries>> = Row<DatabaseOfModule<Queries>[T]>;

/** The row of one entity's table, for a type an entity itself uses (through `DatabaseOf` it would refer to itself). */
export type EntityRow<E> = Row<TablesOf<E>[keyof TablesOf<E>]>;
