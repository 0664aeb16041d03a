import { Migration } from '@mikro-orm/migrations';

/**
 * The newsroom's review stage and publishing schedule on the article row itself, so PostgreSQL holds
 * the truth the schedule runs on:
 * - `stage`: draft, in_review, changes_requested, ready, scheduled or published. `approved` (the
 *   spec's published flag, read by every public query) is true exactly when the stage is published;
 *   a write that sets only one of the two (the spec's calls, recovery, SQL by hand) moves the other
 *   with it, so neither can drift.
 * - `scheduled_at`: set exactly when the stage is scheduled; the worker publishes the row once
 *   `scheduled_at <= now()`, re-checked in its publishing statement.
 * - `author_id` (who created it, null for generated and seeded articles) and `assignee_id` (who is
 *   to write it): accounts; a deleted account leaves the article without one.
 * - each revision keeps the note its step was taken with (`ai_mind.note`, local to the transaction).
 */
export class Migration20261127110000_review_schedule extends Migration {
  override name = 'Migration20261127110000_review_schedule';

  override up(): void {
    this.addSql(`alter table "article"
      add column "stage" varchar(20) not null default 'draft',
      add column "scheduled_at" timestamptz null,
      add column "author_id" int null references "admin_user" ("id") on update cascade on delete set null,
      add column "assignee_id" int null references "admin_user" ("id") on update cascade on delete set null;`);
    // The backfill writes no revisions and moves no versions: nothing changed for editors or readers.
    this.addSql(`alter table "article" disable trigger "article_history";`);
    this.addSql(`alter table "article" disable trigger "article_before_update";`);
    this.addSql(`update "article" set "stage" = 'published' where "approved";`);
    this.addSql(`alter table "article" enable trigger "article_before_update";`);
    this.addSql(`alter table "article" enable trigger "article_history";`);
    this.addSql(`alter table "article"
      add constraint "article_stage_check" check ("stage" in ('draft', 'in_review', 'changes_requested', 'ready', 'scheduled', 'published')),
      add constraint "article_published_stage_check" check ("approved" = ("stage" = 'published')),
      add constraint "article_scheduled_at_check" check (("stage" = 'scheduled') = ("scheduled_at" is not null));`);
    // Article Management's stage filter and its per-stage counts, of all and of a category, from the index alone.
    this.addSql(`create index "article_stage_created_at_id_index" on "article" ("stage", "created_at" desc, "id" desc);`);
    this.addSql(`create index "article_category_slug_stage_index" on "article" ("category_slug", "stage");`);
    this.addSql(`create index "article_assignee_id_index" on "article" ("assignee_id") where "assignee_id" is not null;`);
    // The due-articles sweep reads only what is scheduled.
    this.addSql(`create index "article_scheduled_at_index" on "article" ("scheduled_at") where "stage" = 'scheduled';`);

    this.addSql(`create function article_stage_follows_approved() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          if NEW.approved and NEW.stage = 'draft' then NEW.stage := 'published'; end if;
        elsif NEW.approved is distinct from OLD.approved and NEW.stage is not distinct from OLD.stage then
          NEW.stage := case when NEW.approved then 'published' else 'draft' end;
          NEW.scheduled_at := null;
        elsif NEW.stage is distinct from OLD.stage and NEW.approved is not distinct from OLD.approved then
          NEW.approved := NEW.stage = 'published';
        end if;
        return NEW;
      end $$;`);
    this.addSql(
      `create trigger article_stage_follows_approved before insert or update on "article" for each row execute function article_stage_follows_approved();`,
    );

    this.addSql(`alter table "article_revision" add column "note" varchar(2000) null;`);
    this.addSql(`create function article_revision_note() returns trigger language plpgsql as $$
      begin
        NEW.note := coalesce(NEW.note, nullif(current_setting('ai_mind.note', true), ''));
        return NEW;
      end $$;`);
    this.addSql(`create trigger article_revision_note before insert on "article_revision" for each row execute function article_revision_note();`);

    this.addSql(`alter table "audit_log" add column "note" varchar(2000) null;`);
  }

  override down(): void {
    this.addSql(`alter table "audit_log" drop column "note";`);
    this.addSql(`drop trigger if exists article_revision_note on "article_revision";`);
    this.addSql(`drop function if exists article_revision_note();`);
    this.addSql(`alter table "article_revision" drop column "note";`);
    this.addSql(`drop trigger if exists article_stage_follows_approved on "article";`);
    this.addSql(`drop function if exists article_stage_follows_approved();`);
    this.addSql(`alter table "article" drop column "assignee_id", drop column "author_id", drop column "scheduled_at", drop column "stage";`);
  }
}
