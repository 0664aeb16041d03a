import { Migration } from '@mikro-orm/migrations';

/**
 * The social web (modules/fediverse): the site actor's kept key pairs, Fedify's key-value store, the
 * followers and their inboxes, each delivery of an article's activity to an inbox, blocked actors and
 * servers, replies held for moderation, likes and boosts, and the signatures already taken (replays).
 */
export class Migration20261129170000_fediverse extends Migration {
  override name = 'Migration20261129170000_fediverse';

  override up(): void {
    this.addSql(`create table "fediverse_key" (
      "algorithm" varchar(20) not null,
      "public_jwk" jsonb not null,
      "private_jwk" jsonb not null,
      "created_at" timestamptz not null default now(),
      constraint "fediverse_key_pkey" primary key ("algorithm"),
      constraint "fediverse_key_algorithm_check" check (algorithm in ('RSASSA-PKCS1-v1_5', 'Ed25519')));`);
    this.addSql(`create table "fediverse_kv" (
      "key" varchar(1000) not null,
      "value" jsonb not null,
      "expires_at" timestamptz null,
      constraint "fediverse_kv_pkey" primary key ("key"),
      constraint "fediverse_kv_value_size_check" check (octet_length(value::text) <= 1000000));`);
    this.addSql(`create index "fediverse_kv_expires_at_index" on "fediverse_kv" ("expires_at");`);
    this.addSql(`create table "fediverse_follower" (
      "id" serial primary key,
      "actor_url" varchar(1000) not null,
      "handle" varchar(300) not null,
      "inbox_url" varchar(1000) not null,
      "shared_inbox_url" varchar(1000) null,
      "follow_id" varchar(1000) not null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "fediverse_follower" add constraint "fediverse_follower_actor_url_unique" unique ("actor_url");`);
    this.addSql(`create index "fediverse_follower_created_at_index" on "fediverse_follower" ("created_at");`);
    this.addSql(`create table "fediverse_block" (
      "id" serial primary key,
      "kind" varchar(10) not null,
      "value" varchar(1000) not null,
      "created_at" timestamptz not null default now(),
      "created_by" varchar(100) not null,
      constraint "fediverse_block_kind_check" check (kind in ('actor', 'domain')),
      constraint "fediverse_block_value_check" check (char_length(value) > 0));`);
    this.addSql(`alter table "fediverse_block" add constraint "fediverse_block_kind_value_unique" unique ("kind", "value");`);
    this.addSql(`create table "fediverse_delivery" (
      "id" bigserial primary key,
      "article_id" int not null,
      "activity" varchar(10) not null,
      "revision_id" bigint not null,
      "inbox_url" varchar(1000) not null,
      "status" varchar(10) not null default 'pending',
      "attempts" int not null default 0,
      "last_error" varchar(500) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "fediverse_delivery_activity_check" check (activity in ('create', 'update', 'delete')),
      constraint "fediverse_delivery_status_check" check (status in ('pending', 'sent', 'retrying', 'failed')));`);
    this.addSql(`alter table "fediverse_delivery" add constraint "fediverse_delivery_once_unique" unique ("revision_id", "inbox_url");`);
    this.addSql(`create index "fediverse_delivery_status_index" on "fediverse_delivery" ("status", "id");`);
    this.addSql(`create table "fediverse_reply" (
      "id" serial primary key,
      "note_id" varchar(1000) not null,
      "article_id" int not null,
      "actor_url" varchar(1000) not null,
      "handle" varchar(300) not null,
      "profile_url" varchar(1000) not null,
      "content" text not null,
      "status" varchar(10) not null default 'held',
      "comment_id" int null,
      "inbox_url" varchar(1000) null,
      "answered_at" timestamptz null,
      "received_at" timestamptz not null default now(),
      constraint "fediverse_reply_status_check" check (status in ('held', 'published', 'rejected')),
      constraint "fediverse_reply_content_check" check (char_length(content) <= 2000));`);
    this.addSql(`alter table "fediverse_reply" add constraint "fediverse_reply_note_id_unique" unique ("note_id");`);
    this.addSql(`create index "fediverse_reply_status_index" on "fediverse_reply" ("status", "id");`);
    this.addSql(`create table "fediverse_reaction" (
      "activity_id" varchar(1000) not null,
      "article_id" int not null,
      "kind" varchar(10) not null,
      "actor_url" varchar(1000) not null,
      "received_at" timestamptz not null default now(),
      constraint "fediverse_reaction_pkey" primary key ("activity_id"),
      constraint "fediverse_reaction_kind_check" check (kind in ('like', 'announce')));`);
    this.addSql(`alter table "fediverse_reaction" add constraint "fediverse_reaction_actor_unique" unique ("article_id", "kind", "actor_url");`);
    this.addSql(`create table "fediverse_received" (
      "signature_hash" varchar(64) not null,
      "received_at" timestamptz not null default now(),
      constraint "fediverse_received_pkey" primary key ("signature_hash"));`);
    this.addSql(`create index "fediverse_received_received_at_index" on "fediverse_received" ("received_at");`);
  }
}
