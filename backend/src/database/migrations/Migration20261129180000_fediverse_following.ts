import { Migration } from '@mikro-orm/migrations';

/**
 * The site following fediverse accounts and replying as itself (modules/fediverse): the accounts it
 * follows (pending until accepted), the posts it received from them, the replies it sent, and the
 * deliveries of those replies (fediverse_delivery rows about a reply rather than an article revision).
 */
export class Migration20261129180000_fediverse_following extends Migration {
  override name = 'Migration20261129180000_fediverse_following';

  override up(): void {
    this.addSql(`create table "fediverse_following" (
      "id" serial primary key,
      "actor_url" varchar(1000) not null,
      "handle" varchar(300) not null,
      "inbox_url" varchar(1000) not null,
      "follow_id" varchar(1000) not null,
      "status" varchar(10) not null default 'pending',
      "created_by" varchar(100) not null,
      "created_at" timestamptz not null default now(),
      "accepted_at" timestamptz null,
      constraint "fediverse_following_status_check" check (status in ('pending', 'accepted')),
      constraint "fediverse_following_accepted_check" check ((status = 'accepted') = (accepted_at is not null)));`);
    this.addSql(`alter table "fediverse_following" add constraint "fediverse_following_actor_url_unique" unique ("actor_url");`);
    this.addSql(`alter table "fediverse_following" add constraint "fediverse_following_follow_id_unique" unique ("follow_id");`);
    this.addSql(`create table "fediverse_post" (
      "id" serial primary key,
      "following_id" int not null,
      "object_id" varchar(1000) not null,
      "url" varchar(1000) null,
      "name" varchar(300) null,
      "content" text not null,
      "published_at" timestamptz not null,
      "received_at" timestamptz not null default now(),
      "updated_at" timestamptz null,
      constraint "fediverse_post_content_check" check (char_length(content) <= 5000),
      constraint "fediverse_post_following_id_fkey" foreign key ("following_id") references "fediverse_following" ("id") on update no action on delete cascade);`);
    this.addSql(`alter table "fediverse_post" add constraint "fediverse_post_object_id_unique" unique ("object_id");`);
    this.addSql(`create index "fediverse_post_following_index" on "fediverse_post" ("following_id", "published_at");`);
    this.addSql(`create index "fediverse_post_published_at_index" on "fediverse_post" ("published_at");`);
    this.addSql(`create table "fediverse_sent_reply" (
      "id" serial primary key,
      "post_id" int null,
      "in_reply_to" varchar(1000) not null,
      "recipient_actor_url" varchar(1000) not null,
      "recipient_handle" varchar(300) not null,
      "inbox_url" varchar(1000) not null,
      "content" text not null,
      "created_by" varchar(100) not null,
      "created_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      "deleted_by" varchar(100) null,
      constraint "fediverse_sent_reply_content_check" check (char_length(content) > 0 and char_length(content) <= 500),
      constraint "fediverse_sent_reply_deleted_check" check ((deleted_at is null) = (deleted_by is null)),
      constraint "fediverse_sent_reply_post_id_fkey" foreign key ("post_id") references "fediverse_post" ("id") on update no action on delete set null);`);
    this.addSql(`create index "fediverse_sent_reply_post_index" on "fediverse_sent_reply" ("post_id");`);
    this.addSql(`alter table "fediverse_delivery" alter column "article_id" drop not null;`);
    this.addSql(`alter table "fediverse_delivery" alter column "revision_id" drop not null;`);
    this.addSql(`alter table "fediverse_delivery" add column "sent_reply_id" int null;`);
    this.addSql(
      `alter table "fediverse_delivery" add constraint "fediverse_delivery_sent_reply_id_fkey" foreign key ("sent_reply_id") references "fediverse_sent_reply" ("id") on update no action on delete cascade;`,
    );
    this.addSql(`alter table "fediverse_delivery" add constraint "fediverse_delivery_reply_once_unique" unique ("sent_reply_id", "activity", "inbox_url");`);
    this.addSql(
      `alter table "fediverse_delivery" add constraint "fediverse_delivery_subject_check" check ((sent_reply_id is null and article_id is not null and revision_id is not null) or (sent_reply_id is not null and article_id is null and revision_id is null and activity in ('create', 'delete')));`,
    );
  }
}
