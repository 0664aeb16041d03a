import { Migration } from '@mikro-orm/migrations';
import { databaseFunctionsSql } from '../schema/functions.js';

/**
 * Every function and trigger from database/schema/functions.ts, where the database's behaviour is
 * now declared once. It changes nothing a migrated database does (the file holds the bodies the
 * earlier migrations left, as PostgreSQL prints them); it is the point from which that file, not the
 * migrations before it, is the definition. Idempotent: functions are created or replaced, triggers
 * dropped if present and created again, in this one transaction.
 */
export class Migration20261127170000_schema_functions extends Migration {
  override name = 'Migration20261127170000_schema_functions';

  override up(): void {
    for (const statement of databaseFunctionsSql()) this.addSql(statement);
  }

  // Nothing to undo: the definitions are the ones the earlier migrations had made.
  override down(): void {}
}
