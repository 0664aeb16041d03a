import { Migration } from '@mikro-orm/migrations';

/**
 * What an article is made from and how: a trending topic's feed items, the source set frozen with an
 * approved topic (and each page's extracted text), the generation record of a written draft, and the
 * claims of a body checked against the sources. The invariants live here as constraints.
 */
export class Migration20261127140000_provenance extends Migration {
  override name = 'Migration20261127140000_provenance';

  override up(): void {
    this.addSql(`alter table "trending_topic" add column "items" jsonb not null default '[]';`);
    this.addSql(`create table "topic_source" (
      "id" serial primary key,
      "approved_topic_id" int not null references "approved_topic" ("id") on delete cascade,
      "number" int not null check ("number" > 0),
      "outlet" varchar(200) not null,
      "title" varchar(300) not null,
      "summary" text not null default '',
      "link" text null check ("link" ~ '^https?://'),
      "published_at" timestamptz null,
      "fetch_status" varchar(20) not null default 'pending'
        check ("fetch_status" in ('pending', 'fetched', 'bundled', 'feed_only', 'blocked', 'failed')),
      "fetch_error" text null,
      "fetched_at" timestamptz null,
      "content_hash" varchar(64) null,
      "text" text null,
      constraint "topic_source_number_unique" unique ("approved_topic_id", "number"),
      constraint "topic_source_hash_with_text" check (("text" is null) = ("content_hash" is null)),
      constraint "topic_source_text_when_had" check (("fetch_status" in ('fetched', 'bundled', 'feed_only')) = ("text" is not null)),
      constraint "topic_source_error_when_not_had" check (("fetch_status" in ('blocked', 'failed')) = ("fetch_error" is not null))
    );`);
    this.addSql(`create table "article_generation" (
      "article_id" int primary key references "article" ("id") on delete cascade,
      "approved_topic_id" int null references "approved_topic" ("id") on delete set null,
      "engine" varchar(30) not null check ("engine" in ('offline', 'openai-compatible', 'automation')),
      "model" varchar(200) null,
      "prompt_version" varchar(50) null,
      "source_count" int not null check ("source_count" >= 0),
      "draft_title" varchar(300) not null,
      "draft_html" text not null,
      "generated_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "article_claim_check" (
      "article_id" int primary key references "article" ("id") on delete cascade,
      "article_version" int not null,
      "checked_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "article_claim" (
      "id" serial primary key,
      "article_id" int not null references "article_claim_check" ("article_id") on delete cascade,
      "position" int not null check ("position" >= 0),
      "sentence" text not null,
      "source_number" int null check ("source_number" > 0),
      "passage" text null,
      "score" real not null check ("score" >= 0 and "score" <= 1),
      "flags" text[] not null default '{}' check ("flags" <@ array['unsupported', 'number_mismatch', 'name_mismatch']::text[]),
      "overridden_by" varchar(100) null,
      "overridden_at" timestamptz null,
      constraint "article_claim_position_unique" unique ("article_id", "position"),
      constraint "article_claim_passage_with_source" check (("source_number" is null) = ("passage" is null)),
      constraint "article_claim_override_complete" check (("overridden_by" is null) = ("overridden_at" is null)),
      constraint "article_claim_override_of_flags" check ("overridden_by" is null or cardinality("flags") > 0)
    );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "article_claim";`);
    this.addSql(`drop table if exists "article_claim_check";`);
    this.addSql(`drop table if exists "article_generation";`);
    this.addSql(`drop table if exists "topic_source";`);
    this.addSql(`alter table "trending_topic" drop column "items";`);
  }
}
