import { Migration } from '@mikro-orm/migrations';

/**
 * An article's public record:
 * - `article.corrections`: its dated correction and update notes, oldest first, on the row itself, so
 *   adding one is a committed change of the article (a revision with action 'correction' and its actor,
 *   the caches dropped everywhere) and recovery brings them back with it. Each note is checked here:
 *   a kind, a text and a time.
 * - `error_report`: what readers report wrong in an article, waiting for an editor. No foreign key,
 *   like comments: a lost article row comes back by recovery with its id, and its reports with it.
 */
export class Migration20261127150000_public_record extends Migration {
  override name = 'Migration20261127150000_public_record';

  override up(): void {
    this.addSql(`create function article_corrections_valid(notes jsonb) returns boolean language sql immutable as $$
      select jsonb_typeof(notes) = 'array' and coalesce((
        select bool_and(jsonb_typeof(n) = 'object'
          and n->>'kind' in ('correction', 'update')
          and length(btrim(coalesce(n->>'text', ''))) > 0
          and length(coalesce(n->>'id', '')) > 0
          and (n->>'createdAt') is not null)
          from jsonb_array_elements(case when jsonb_typeof(notes) = 'array' then notes else '[]'::jsonb end) n), true) $$;`);
    this.addSql(`alter table "article" add column "corrections" jsonb not null default '[]'::jsonb
      constraint "article_corrections_check" check (article_corrections_valid("corrections"));`);
    // The /corrections page reads only the few articles with notes.
    this.addSql(`create index "article_corrected_index" on "article" ("id") where "corrections" <> '[]'::jsonb;`);

    this.addSql(`create table "error_report" (
      "id" serial primary key,
      "article_id" int not null,
      "details" text not null constraint "error_report_details_check" check (length(btrim("details")) between 1 and 2000),
      "quote" text null constraint "error_report_quote_check" check ("quote" is null or length("quote") <= 500),
      "status" varchar(20) not null default 'open' constraint "error_report_status_check" check ("status" in ('open', 'resolved', 'dismissed', 'spam')),
      "client_hash" varchar(64) not null,
      "created_at" timestamptz not null default now(),
      "handled_by" varchar(100) null,
      "handled_at" timestamptz null,
      constraint "error_report_handled_check" check (("status" = 'open') = ("handled_at" is null))
    );`);
    this.addSql(`create index "error_report_article_id_index" on "error_report" ("article_id", "id" desc);`);
    this.addSql(`create index "error_report_open_index" on "error_report" ("id" desc) where "status" = 'open';`);
  }

  override down(): void {
    this.addSql(`drop table if exists "error_report";`);
    this.addSql(`drop index if exists "article_corrected_index";`);
    this.addSql(`alter table "article" drop column if exists "corrections";`);
    this.addSql(`drop function if exists article_corrections_valid(jsonb);`);
  }
}
