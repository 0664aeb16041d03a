import { DATABASE_BEHAVIOUR, databaseBehaviourSql } from '../src/app/database-behaviour.js';
import { useOwnDatabase } from './support/own-database.js';

/**
 * A freshly migrated database is what the code declares: the entities (the ORM finds nothing to
 * change) and the functions and triggers the modules declare, assembled in app/database-behaviour.ts
 * (every one, byte for byte, none more).
 */
describe('the migrated schema', () => {
  // From the migrations themselves, not the copy the other suites take: this test checks what they make.
  const own = useOwnDatabase({ fromMigrations: true });

  const functionsInDatabase = async () => {
    const rows = await own.orm.em.fork().execute<{ name: string; args: string; sql: string }[]>(
      `select p.proname as name, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as sql
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    );
    return Object.fromEntries(rows.map((row) => [`${row.name}(${row.args})`, row.sql]));
  };
  const triggersInDatabase = async () => {
    const rows = await own.orm.em.fork().execute<{ name: string; table: string; sql: string }[]>(
      `select t.tgname as name, c.relname as table, pg_get_triggerdef(t.oid) as sql
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal and t.tgenabled = 'O'`,
    );
    return Object.fromEntries(rows.map((row) => [`${row.table}.${row.name}`, row.sql]));
  };
  const declaredFunctions = Object.fromEntries(DATABASE_BEHAVIOUR.functions.map((fn) => [`${fn.name}(${fn.args})`, fn.sql]));
  const declaredTriggers = Object.fromEntries(DATABASE_BEHAVIOUR.triggers.map((trigger) => [`${trigger.table}.${trigger.name}`, trigger.sql]));

  it('matches the entities: the ORM finds nothing to change', async () => {
    expect(await own.orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
  });

  it('has exactly the functions and triggers the modules declare', async () => {
    expect(await functionsInDatabase()).toEqual(declaredFunctions);
    expect(await triggersInDatabase()).toEqual(declaredTriggers);
  });

  it('ends the same when the declarations are applied again', async () => {
    await own.orm.em.fork().transactional(async (em) => {
      for (const statement of databaseBehaviourSql()) await em.execute(statement);
    });
    expect(await functionsInDatabase()).toEqual(declaredFunctions);
    expect(await triggersInDatabase()).toEqual(declaredTriggers);
    expect(await own.orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
  });
});
