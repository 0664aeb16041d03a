import { Migration } from '@mikro-orm/migrations';

/**
 * The newsroom's published promises (modules/newsroom): the owner's texts with every version kept,
 * and who agreed to be named on the masthead. A change of either purges the `newsroom` surrogate key
 * and NOTIFYs article_changed, on which every API process drops the pages it rendered. The functions
 * and triggers are written out as newsroom.sql.ts declares them today.
 */
export class Migration20261129110000_newsroom extends Migration {
  override name = 'Migration20261129110000_newsroom';

  override up(): void {
    this.addSql(`create table "newsroom_page" (
      "key" varchar(40) not null,
      "body" text not null,
      "updated_at" timestamptz not null default now(),
      "updated_by" varchar(100) not null,
      constraint "newsroom_page_pkey" primary key ("key"),
      constraint "newsroom_page_key_check" check (key in ('publishingPrinciples', 'correctionsPolicy', 'ethicsPolicy', 'masthead', 'ownershipFunding')),
      constraint "newsroom_page_body_check" check (char_length(body) <= 60000));`);
    this.addSql(`create table "newsroom_page_revision" (
      "id" serial primary key,
      "page_key" varchar(40) not null,
      "body" text not null,
      "changed_at" timestamptz not null,
      "changed_by" varchar(100) not null);`);
    this.addSql(`create index "newsroom_page_revision_page_key_index" on "newsroom_page_revision" ("page_key", "id");`);
    this.addSql(`create table "masthead_entry" (
      "account_id" int not null,
      "on_masthead" boolean not null default false,
      "public_title" varchar(100) not null default '',
      "updated_at" timestamptz not null default now(),
      "updated_by" varchar(100) not null,
      constraint "masthead_entry_pkey" primary key ("account_id"),
      constraint "masthead_entry_account_id_fkey" foreign key ("account_id") references "admin_user" ("id") on update no action on delete cascade);`);

    this.addSql(`CREATE OR REPLACE FUNCTION public.newsroom_page_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        if TG_OP <> 'DELETE' then
          insert into newsroom_page_revision (page_key, body, changed_at, changed_by)
          values (NEW.key, NEW.body, NEW.updated_at, NEW.updated_by);
        end if;
        perform http_cache_queue(array['newsroom'], interval '150 milliseconds');
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.masthead_entry_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array['newsroom'], interval '150 milliseconds');
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`);
    this.addSql(
      `CREATE TRIGGER newsroom_page_history AFTER INSERT OR DELETE OR UPDATE ON public.newsroom_page FOR EACH ROW EXECUTE FUNCTION newsroom_page_changed()`,
    );
    this.addSql(
      `CREATE TRIGGER masthead_entry_changed AFTER INSERT OR DELETE OR UPDATE ON public.masthead_entry FOR EACH STATEMENT EXECUTE FUNCTION masthead_entry_changed()`,
    );
    // The masthead names active accounts by display name (auth's account-purge.sql.ts).
    this.addSql(`CREATE OR REPLACE FUNCTION public.admin_user_masthead_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array['newsroom'], interval '150 milliseconds');
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`);
    this.addSql(
      `CREATE TRIGGER admin_user_masthead AFTER UPDATE OF display_name, status ON public.admin_user FOR EACH STATEMENT EXECUTE FUNCTION admin_user_masthead_changed()`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists admin_user_masthead on "admin_user";`);
    this.addSql(`drop function if exists admin_user_masthead_changed();`);
    this.addSql(`drop table if exists "masthead_entry";`);
    this.addSql(`drop table if exists "newsroom_page_revision";`);
    this.addSql(`drop table if exists "newsroom_page";`);
    this.addSql(`drop function if exists masthead_entry_changed();`);
    this.addSql(`drop function if exists newsroom_page_changed();`);
  }
}
