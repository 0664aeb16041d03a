import { Migration } from '@mikro-orm/migrations';

export class Migration20261121052511_initial extends Migration {
  override name = 'Migration20261121052511_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "article" ("id" serial primary key, "title" varchar(300) not null, "slug" varchar(200) not null, "content" text not null, "category" varchar(100) not null, "category_slug" varchar(100) generated always as (lower(regexp_replace(trim(category), '[\\s-]+', '-', 'g'))) stored not null, "image_url" text null, "source_url" text null, "ai_commentary" text null, "likes" int not null default 0, "shares" int not null default 0, "comments" int not null default 0, "approved" boolean not null default false, "meta_title" varchar(300) null, "meta_description" varchar(320) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "article" add constraint "article_slug_unique" unique ("slug");`);
    this.addSql(`create index "article_approved_created_at_index" on "article" ("approved", "created_at");`);
    this.addSql(`create index "article_category_slug_approved_created_at_index" on "article" ("category_slug", "approved", "created_at");`);

    this.addSql(
      `create table "article_backup" ("id" serial primary key, "reason" varchar(100) not null, "article_count" int not null, "published_count" int not null, "snapshot" bytea not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "article_backup_created_at_index" on "article_backup" ("created_at");`);

    this.addSql(`create table "seed_run" ("name" varchar(100) not null, "applied_at" timestamptz not null, primary key ("name"));`);

    this.addSql(
      `create table "trending_topic" ("id" serial primary key, "topic" varchar(300) not null, "source" varchar(200) not null, "priority" varchar(20) not null default 'normal', "category" varchar(100) not null, "mentions" int not null default 0, "trend" varchar(20) not null default 'steady', "source_url" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "trending_topic_mentions_index" on "trending_topic" ("mentions");`);
    this.addSql(`alter table "trending_topic" add constraint "trending_topic_topic_unique" unique ("topic");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "article" cascade;`);
    this.addSql(`drop table if exists "article_backup" cascade;`);
    this.addSql(`drop table if exists "seed_run" cascade;`);
    this.addSql(`drop table if exists "trending_topic" cascade;`);
  }
}
