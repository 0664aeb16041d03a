import { Migration } from '@mikro-orm/migrations';

/** Feed sources and refresh runs of the trending engine, story memory on topics, webhook delivery attempts. */
export class Migration20261123100000_trending extends Migration {
  override name = 'Migration20261123100000_trending';

  override up(): void {
    this.addSql(
      `create table "trending_source" ("id" serial primary key, "url" text not null, "name" varchar(200) not null, "etag" text null, "last_modified" varchar(100) null, "last_status" varchar(20) not null default 'ok', "last_error" text null, "last_fetched_at" timestamptz null, "last_success_at" timestamptz null, "items" jsonb not null default '[]');`,
    );
    this.addSql(`alter table "trending_source" add constraint "trending_source_url_unique" unique ("url");`);
    this.addSql(
      `create table "trending_refresh" ("id" serial primary key, "trigger" varchar(20) not null, "started_at" timestamptz not null, "finished_at" timestamptz not null, "item_count" int not null, "topic_count" int not null, "failed_sources" int not null);`,
    );
    this.addSql(`create index "trending_refresh_started_at_index" on "trending_refresh" ("started_at");`);
    this.addSql(
      `alter table "trending_topic" add column "previous_mentions" int null, add column "item_links" jsonb not null default '[]', add column "last_seen_at" timestamptz null;`,
    );
    this.addSql(
      `create table "webhook_delivery" ("id" serial primary key, "approved_topic_id" int not null, "attempt" int not null, "status_code" int null, "error" text null, "duration_ms" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "webhook_delivery_approved_topic_id_index" on "webhook_delivery" ("approved_topic_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "webhook_delivery" cascade;`);
    this.addSql(`alter table "trending_topic" drop column "previous_mentions", drop column "item_links", drop column "last_seen_at";`);
    this.addSql(`drop table if exists "trending_refresh" cascade;`);
    this.addSql(`drop table if exists "trending_source" cascade;`);
  }
}
