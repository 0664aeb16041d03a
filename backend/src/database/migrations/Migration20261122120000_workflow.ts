import { Migration } from '@mikro-orm/migrations';

/** Approved topics on their way to draft articles, and the editor's decision on each trending topic. */
export class Migration20261122120000_workflow extends Migration {
  override name = 'Migration20261122120000_workflow';

  override up(): void {
    this.addSql(`alter table "trending_topic" add column "status" varchar(20) not null default 'new';`);
    this.addSql(
      `create table "approved_topic" ("id" serial primary key, "trending_topic_id" int null, "topic" varchar(300) not null, "category" varchar(100) not null, "source_url" text null, "status" varchar(30) not null, "approved_by" varchar(100) not null, "approved_at" timestamptz not null, "article_id" int null references "article" ("id") on delete set null, "last_error" text null);`,
    );
    this.addSql(`create index "approved_topic_approved_at_index" on "approved_topic" ("approved_at");`);
    this.addSql(
      `create unique index "approved_topic_trending_topic_id_unique" on "approved_topic" ("trending_topic_id") where "trending_topic_id" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "approved_topic" cascade;`);
    this.addSql(`alter table "trending_topic" drop column "status";`);
  }
}
