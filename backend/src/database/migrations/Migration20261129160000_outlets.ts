import { Migration } from '@mikro-orm/migrations';

/**
 * Independent sources or an override (modules/outlets, docs/independent-sources.md): the owner's
 * outlet list (who owns each outlet, the operator's own side label), the newsroom's setting of how
 * many independent outlets a topic needs before the AI may write from it, and on each approved topic
 * whether it was approved as single-source, the editor's note saying why (required by a check), and
 * the independent outlets counted at approval.
 */
export class Migration20261129160000_outlets extends Migration {
  override name = 'Migration20261129160000_outlets';

  override up(): void {
    this.addSql(`create table "outlet" (
      "id" serial primary key,
      "name" varchar(200) not null,
      "owner" varchar(200) not null,
      "side" varchar(40) null,
      "notes" text not null default '',
      "updated_at" timestamptz not null default now(),
      "updated_by" varchar(100) not null,
      constraint "outlet_name_check" check (char_length(btrim(name)) between 1 and 200),
      constraint "outlet_owner_check" check (char_length(btrim(owner)) between 1 and 200),
      constraint "outlet_side_check" check (side is null or char_length(btrim(side)) between 1 and 40),
      constraint "outlet_notes_check" check (char_length(notes) <= 2000));`);
    this.addSql(`create unique index "outlet_name_unique" on "outlet" (lower(btrim("name")));`);

    this.addSql(`create table "sourcing_settings" (
      "id" smallint not null default 1,
      "min_independent_outlets" smallint not null default 2,
      "updated_at" timestamptz null,
      "updated_by" varchar(100) null,
      constraint "sourcing_settings_pkey" primary key ("id"),
      constraint "sourcing_settings_single_check" check (id = 1),
      constraint "sourcing_settings_min_independent_outlets_check" check (min_independent_outlets between 1 and 10));`);
    this.addSql(`insert into "sourcing_settings" ("id") values (1);`);

    this.addSql(`alter table "approved_topic"
      add column "single_source" boolean not null default false,
      add column "single_source_note" text null,
      add column "independent_outlets" smallint null,
      add constraint "approved_topic_single_source_note_check" check (single_source = (single_source_note is not null) and (single_source_note is null or char_length(btrim(single_source_note)) between 1 and 1000)),
      add constraint "approved_topic_independent_outlets_check" check (independent_outlets is null or independent_outlets >= 0);`);
  }

  override down(): void {
    this
      .addSql(`alter table "approved_topic" drop constraint "approved_topic_independent_outlets_check", drop constraint "approved_topic_single_source_note_check",
      drop column "independent_outlets", drop column "single_source_note", drop column "single_source";`);
    this.addSql(`drop table if exists "sourcing_settings";`);
    this.addSql(`drop table if exists "outlet";`);
  }
}
