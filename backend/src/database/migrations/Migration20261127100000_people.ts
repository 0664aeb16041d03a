import { Migration } from '@mikro-orm/migrations';

/**
 * People: each account has a display name, an email, a role and a status; an account waiting for its
 * owner to set a password (invited, or its password reset) has none. One-time links to set a password
 * are kept as hashes of their token. Accounts made before roles existed are owners.
 */
export class Migration20261127100000_people extends Migration {
  override name = 'Migration20261127100000_people';

  override up(): void {
    this.addSql(`alter table "admin_user"
      add column "display_name" varchar(100) null,
      add column "email" varchar(320) null,
      add column "role" varchar(20) not null default 'owner',
      add column "status" varchar(20) not null default 'active',
      alter column "password_hash" drop not null;`);
    this.addSql(`update "admin_user" set "display_name" = "username";`);
    this.addSql(`alter table "admin_user"
      alter column "display_name" set not null,
      alter column "role" drop default,
      add constraint "admin_user_role_check" check ("role" in ('owner', 'editor', 'writer')),
      add constraint "admin_user_status_check" check ("status" in ('active', 'disabled'));`);
    this.addSql(`create unique index "admin_user_email_unique" on "admin_user" (lower("email"));`);

    this.addSql(`create table "admin_password_link" (
      "token_hash" char(64) primary key,
      "user_id" int not null references "admin_user" ("id") on delete cascade,
      "purpose" varchar(20) not null check ("purpose" in ('invite', 'reset')),
      "created_by" varchar(100) not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null);`);
    this.addSql(`create index "admin_password_link_user_id_index" on "admin_password_link" ("user_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "admin_password_link";`);
    this.addSql(`drop index if exists "admin_user_email_unique";`);
    this.addSql(`delete from "admin_user" where "password_hash" is null;`);
    this.addSql(`alter table "admin_user"
      drop constraint "admin_user_role_check",
      drop constraint "admin_user_status_check",
      drop column "display_name", drop column "email", drop column "role", drop column "status",
      alter column "password_hash" set not null;`);
  }
}
