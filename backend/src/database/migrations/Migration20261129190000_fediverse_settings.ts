import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's fediverse setting (modules/fediverse), set in the Fediverse tab: whether replies from the
 * fediverse are published as comments at once. It replaces the FEDIVERSE_PUBLISH_REPLIES environment
 * variable, which a migration cannot read: every site starts with replies held for moderation.
 */
export class Migration20261129190000_fediverse_settings extends Migration {
  override name = 'Migration20261129190000_fediverse_settings';

  override up(): void {
    this.addSql(`create table "fediverse_settings" (
      "id" smallint not null default 1,
      "publish_replies" boolean not null default false,
      "updated_at" timestamptz null,
      "updated_by" varchar(100) null,
      constraint "fediverse_settings_pkey" primary key ("id"),
      constraint "fediverse_settings_single_check" check (id = 1));`);
    this.addSql(`insert into "fediverse_settings" ("id") values (1);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "fediverse_settings";`);
  }
}
