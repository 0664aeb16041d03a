/**
 * How the database's behaviour is declared: every PostgreSQL function and trigger lives in the module
 * that owns its table (its `*.sql.ts` files), exactly as `pg_get_functiondef` / `pg_get_triggerdef`
 * print it, and app/database-behaviour.ts assembles them into the one schema (test/schema-drift.spec.ts
 * compares a migrated database with it byte for byte). To change a behaviour, edit its definition and
 * add a migration that applies the changed statements (written out in the migration: a migration's
 * effect never changes after it has run).
 */

/** A function, by name and identity arguments, as PostgreSQL prints it. */
export interface DatabaseFunction {
  name: string;
  args: string;
  sql: string;
}

/** A trigger on a table, as PostgreSQL prints it; PostgreSQL fires a table's triggers of one timing in name order. */
export interface DatabaseTrigger {
  name: string;
  table: string;
  sql: string;
}

/** What one module's `*.sql.ts` file declares: its functions in the order they are created, and its triggers. */
export interface DatabaseBehaviour {
  functions: readonly DatabaseFunction[];
  triggers: readonly DatabaseTrigger[];
}

/**
 * The statements that bring a database's functions and triggers to these definitions, whatever bodies
 * they had: every function created or replaced (in the order given: an SQL function's body is checked
 * when it is created), every trigger dropped if present and created again. (A function or trigger no
 * longer declared needs its own drop; schema-drift.spec names any left over.)
 */
export function functionsAndTriggersSql({ functions, triggers }: DatabaseBehaviour): string[] {
  return [...functions.map((fn) => fn.sql), ...triggers.flatMap((trigger) => [`drop trigger if exists "${trigger.name}" on "${trigger.table}";`, trigger.sql])];
}

/**
 * The triggers on `table` among the given declarations, for its entity's `triggers`, so the ORM's schema diff knows them (and would
 * name one missing or extra). As raw DDL: the ORM would otherwise create a function of its own per
 * trigger, and compares a raw trigger by name only; schema-drift.spec compares the definitions.
 */
export function triggersOn(table: string, ...declarations: DatabaseBehaviour[]) {
  const triggers = declarations.flatMap((declaration) => declaration.triggers).filter((trigger) => trigger.table === table);
  return triggers.map((trigger) => {
    const [, timing, events, forEach] = /^CREATE TRIGGER \S+ (BEFORE|AFTER|INSTEAD OF) (.+?) ON .+ FOR EACH (ROW|STATEMENT) /.exec(trigger.sql)!;
    return {
      name: trigger.name,
      timing: timing.toLowerCase() as 'before' | 'after' | 'instead of',
      events: events.split(' OR ').map((event) => event.split(' ')[0].toLowerCase() as 'insert' | 'update' | 'delete' | 'truncate'),
      forEach: forEach.toLowerCase() as 'row' | 'statement',
      expression: trigger.sql,
    };
  });
}
