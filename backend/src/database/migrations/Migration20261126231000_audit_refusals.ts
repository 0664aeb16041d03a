import { Migration } from '@mikro-orm/migrations';

/**
 * Refused admin calls without a session are counted, not written one row each: one row per route,
 * status and minute with how many there were (a few of them are also kept whole in audit_log as
 * samples), so a client refused 500 times a second adds one row a minute, not 500 a second.
 */
export class Migration20261126231000_audit_refusals extends Migration {
  override name = 'Migration20261126231000_audit_refusals';

  override up(): void {
    this.addSql(`create table "audit_refusal" (
      "minute" timestamptz not null,
      "action" varchar(200) not null,
      "status" int not null,
      "count" int not null default 0,
      constraint "audit_refusal_pkey" primary key ("minute", "action", "status"));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "audit_refusal";`);
  }
}
