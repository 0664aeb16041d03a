import { Migration } from '@mikro-orm/migrations';

/** The secret that signs the page-view tokens of the pages the server renders (modules/analytics/page-view-token.ts). */
export class Migration20261129040000_analytics_settings extends Migration {
  override name = 'Migration20261129040000_analytics_settings';

  override up(): void {
    this.addSql(`create table "analytics_settings" (
      "id" smallint not null default 1,
      "signing_secret" text not null,
      constraint "analytics_settings_pkey" primary key ("id"),
      constraint "analytics_settings_single_check" check ("id" = 1));`);
    // Made once, here, by PostgreSQL: every API process signs and checks with the same one.
    this.addSql(`insert into "analytics_settings" ("id", "signing_secret")
      values (1, encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "analytics_settings";`);
  }
}
