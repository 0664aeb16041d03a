import { Migration } from '@mikro-orm/migrations';

/** Admin sign-in, the audit trail, deletion tombstones and contact messages. */
export class Migration20261122100000_admin extends Migration {
  override name = 'Migration20261122100000_admin';

  override up(): void {
    this.addSql(
      `create table "admin_user" ("id" serial primary key, "username" varchar(100) not null, "password_hash" varchar(200) not null, "created_at" timestamptz not null, "last_login_at" timestamptz null);`,
    );
    this.addSql(`alter table "admin_user" add constraint "admin_user_username_unique" unique ("username");`);

    this.addSql(
      `create table "audit_log" ("id" serial primary key, "actor" varchar(100) null, "action" varchar(200) not null, "target_id" varchar(100) null, "status" int not null, "ip" varchar(64) null, "request_id" varchar(100) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at");`);

    this.addSql(
      `create table "deleted_article" ("id" serial primary key, "article_id" int not null, "slug" varchar(200) not null, "title" varchar(300) not null, "deleted_by" varchar(100) not null, "deleted_at" timestamptz not null);`,
    );
    this.addSql(`create index "deleted_article_slug_index" on "deleted_article" ("slug");`);

    this.addSql(
      `create table "contact_submission" ("id" serial primary key, "name" varchar(200) not null, "email" varchar(320) not null, "subject" varchar(300) not null, "message" text not null, "submitted_at" timestamptz not null);`,
    );
    this.addSql(`create index "contact_submission_submitted_at_index" on "contact_submission" ("submitted_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "contact_submission" cascade;`);
    this.addSql(`drop table if exists "deleted_article" cascade;`);
    this.addSql(`drop table if exists "audit_log" cascade;`);
    this.addSql(`drop table if exists "admin_user" cascade;`);
  }
}
