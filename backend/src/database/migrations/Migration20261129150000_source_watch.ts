import { Migration } from '@mikro-orm/migrations';

/**
 * The source watch (modules/source-watch, docs/source-watch.md): what the watch knows of each source of
 * a published article it read again (the validators for a conditional GET, the hash of the text last
 * read, when and how), and the "Source changes" queue, with at most one open item per source and kind.
 */
export class Migration20261129150000_source_watch extends Migration {
  override name = 'Migration20261129150000_source_watch';

  override up(): void {
    this.addSql(`create table "watched_source" (
      "topic_source_id" int not null,
      "etag" varchar(500) null,
      "last_modified" varchar(500) null,
      "baseline_text" text null,
      "baseline_hash" varchar(64) null,
      "text_hash" varchar(64) null,
      "last_checked_at" timestamptz not null,
      "last_status" varchar(20) not null,
      "last_http_status" int null,
      "last_error" text null,
      constraint "watched_source_pkey" primary key ("topic_source_id"),
      constraint "watched_source_topic_source_id_fkey" foreign key ("topic_source_id") references "topic_source" ("id") on update no action on delete cascade,
      constraint "watched_source_last_status_check" check (last_status in ('baseline', 'unchanged', 'changed', 'rewritten', 'gone', 'failed', 'blocked')),
      constraint "watched_source_baseline_hash_with_text" check ((baseline_text is null) = (baseline_hash is null)),
      constraint "watched_source_baseline_text_length" check (char_length(baseline_text) <= 30000),
      constraint "watched_source_error_when_not_read" check ((last_status in ('failed', 'blocked')) = (last_error is not null)));`);
    this.addSql(`create index "watched_source_last_checked_at_index" on "watched_source" ("last_checked_at");`);

    this.addSql(`create table "source_change" (
      "id" serial primary key,
      "topic_source_id" int not null,
      "article_id" int not null,
      "kind" varchar(20) not null,
      "detected_at" timestamptz not null default now(),
      "changed_share" real null,
      "http_status" int null,
      "status" varchar(20) not null default 'open',
      "resolved_by" varchar(100) null,
      "resolved_at" timestamptz null,
      constraint "source_change_topic_source_id_fkey" foreign key ("topic_source_id") references "topic_source" ("id") on update no action on delete cascade,
      constraint "source_change_article_id_fkey" foreign key ("article_id") references "article" ("id") on update no action on delete cascade,
      constraint "source_change_kind_check" check (kind in ('changed', 'rewritten', 'gone')),
      constraint "source_change_status_check" check (status in ('open', 'resolved', 'dismissed')),
      -- Bounds written as reals: with plain 0 and 1 PostgreSQL keeps a double precision cast the ORM cannot read back.
      constraint "source_change_share_check" check (changed_share >= 0::real and changed_share <= 1::real),
      constraint "source_change_gone_has_status" check ((kind = 'gone') = (http_status is not null)),
      constraint "source_change_resolution_complete" check ((status = 'open') = (resolved_by is null) and (resolved_by is null) = (resolved_at is null)));`);
    this.addSql(`create index "source_change_status_detected_at_index" on "source_change" ("status", "detected_at");`);
    this.addSql(`create index "source_change_article_id_index" on "source_change" ("article_id");`);
    this.addSql(`create index "source_change_topic_source_id_index" on "source_change" ("topic_source_id");`);
    // One open item per source and kind: the watch's runs raise a change once, however often they see it.
    this.addSql(`create unique index "source_change_open_unique" on "source_change" ("topic_source_id", "kind") where "status" = 'open';`);
  }

  override down(): void {
    this.addSql(`drop table if exists "source_change";`);
    this.addSql(`drop table if exists "watched_source";`);
  }
}
