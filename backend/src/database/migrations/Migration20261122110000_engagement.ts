import { Migration } from '@mikro-orm/migrations';

/** Likes and shares, comments with AI replies, newsletter subscribers and first-party page views. */
export class Migration20261122110000_engagement extends Migration {
  override name = 'Migration20261122110000_engagement';

  override up(): void {
    this.addSql(
      `create table "interaction" ("id" bigserial primary key, "article_id" int not null, "type" varchar(10) not null, "content" varchar(500) null, "client_hash" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "interaction_article_id_index" on "interaction" ("article_id");`);

    this.addSql(
      `create table "comment" ("id" serial primary key, "article_id" int not null references "article" ("id") on delete cascade, "author_name" varchar(80) not null, "content" text not null, "ai_response" text null, "client_hash" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "comment_article_id_created_at_index" on "comment" ("article_id", "created_at");`);

    this.addSql(`create table "newsletter_subscriber" ("id" serial primary key, "email" varchar(320) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "newsletter_subscriber" add constraint "newsletter_subscriber_email_unique" unique ("email");`);

    this.addSql(
      `create table "page_view" ("id" bigserial primary key, "path" varchar(500) not null, "title" varchar(300) null, "source" varchar(100) not null, "country" varchar(2) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "page_view_created_at_index" on "page_view" ("created_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "page_view" cascade;`);
    this.addSql(`drop table if exists "newsletter_subscriber" cascade;`);
    this.addSql(`drop table if exists "comment" cascade;`);
    this.addSql(`drop table if exists "interaction" cascade;`);
  }
}
