import { Migration } from '@mikro-orm/migrations';

/**
 * Each article's AI involvement grade (libs/contracts/src/disclosure.ts, docs/disclosure.md), computed
 * by the backend from the article's records after each committed change:
 * - `article_grade`: the grade as last computed, with the newest revision it read (lists and the feed
 *   read the label from here);
 * - `article_grade_change`: each change of the grade, in order per article, with the label readers were
 *   shown from then on. A duplicate is impossible: one row per (article_id, seq), and each row's
 *   previous grade, filled by a trigger from the row before it, must differ from its own.
 * Articles that exist now are graded by the API's first start after this migration (the rule is the
 * backend's code), their history beginning then. Neither table has a foreign key to the article: like
 * error reports, they outlive a lost row that recovery brings back with its id.
 */
export class Migration20261129100000_article_grade extends Migration {
  override name = 'Migration20261129100000_article_grade';

  override up(): void {
    this.addSql(`create table "article_grade" (
      "article_id" int not null,
      "grade" varchar(20) not null,
      "label" varchar(100) not null,
      "disclosed" boolean not null,
      "revision_id" bigint not null,
      "graded_at" timestamptz not null default now(),
      constraint "article_grade_pkey" primary key ("article_id"),
      constraint "article_grade_grade_check" check ("grade" in ('ai-unreviewed', 'ai-reviewed', 'human-ai-assisted', 'human')),
      constraint "article_grade_disclosed_check" check (("grade" = 'ai-unreviewed') = "disclosed")
    );`);
    this.addSql(`create table "article_grade_change" (
      "id" bigserial primary key,
      "article_id" int not null,
      "seq" int not null,
      "grade" varchar(20) not null,
      "label" varchar(100) not null,
      "disclosed" boolean not null,
      "previous_grade" varchar(20) null,
      "changed_at" timestamptz not null default now(),
      "revision_id" bigint null,
      constraint "article_grade_change_article_id_seq_unique" unique ("article_id", "seq"),
      constraint "article_grade_change_grade_check" check ("grade" in ('ai-unreviewed', 'ai-reviewed', 'human-ai-assisted', 'human')),
      constraint "article_grade_change_seq_check" check ("seq" >= 1),
      constraint "article_grade_change_disclosed_check" check (("grade" = 'ai-unreviewed') = "disclosed"),
      constraint "article_grade_change_previous_check" check (("seq" = 1) = ("previous_grade" is null)),
      constraint "article_grade_change_differs" check ("previous_grade" is null or "previous_grade" <> "grade")
    );`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.article_grade_change_previous()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        if NEW.seq = 1 then
          NEW.previous_grade := null;
          return NEW;
        end if;
        select g.grade into NEW.previous_grade from article_grade_change g where g.article_id = NEW.article_id and g.seq = NEW.seq - 1;
        if NEW.previous_grade is null then
          raise exception 'article % has no grade change %', NEW.article_id, NEW.seq - 1 using errcode = '23514';
        end if;
        return NEW;
      end $function$
`);
    this.addSql(
      `CREATE TRIGGER article_grade_change_previous BEFORE INSERT ON public.article_grade_change FOR EACH ROW EXECUTE FUNCTION article_grade_change_previous()`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "article_grade_change";`);
    this.addSql(`drop function if exists article_grade_change_previous();`);
    this.addSql(`drop table if exists "article_grade";`);
  }
}
