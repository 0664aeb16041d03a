import { Migration } from '@mikro-orm/migrations';

/** The audit log keeps the path as sent, so a refused call shows which spelling it tried. */
export class Migration20261124160000_audit_path extends Migration {
  override name = 'Migration20261124160000_audit_path';

  override up(): void {
    this.addSql(`alter table "audit_log" add column "path" varchar(500) null;`);
  }

  override down(): void {
    this.addSql(`alter table "audit_log" drop column "path";`);
  }
}
