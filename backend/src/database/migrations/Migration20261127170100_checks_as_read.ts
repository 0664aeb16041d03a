import { Migration } from '@mikro-orm/migrations';

/**
 * Two check constraints spelled again, the same conditions, so the ORM's schema diff reads them as
 * declared (test/schema-drift.spec.ts): it took `approved = (stage = 'published')` for an enum check
 * on `approved`, and cannot read the `double precision` cast PostgreSQL adds to the score's bounds
 * (the score is a real; 0 and 1 are exact in both types).
 */
export class Migration20261127170100_checks_as_read extends Migration {
  override name = 'Migration20261127170100_checks_as_read';

  override up(): void {
    this.addSql(`alter table "article"
      drop constraint "article_published_stage_check",
      add constraint "article_published_stage_check" check (("stage" = 'published') = "approved");`);
    this.addSql(`alter table "article_claim"
      drop constraint "article_claim_score_check",
      add constraint "article_claim_score_check" check ("score" >= 0::real and "score" <= 1::real);`);
  }

  override down(): void {
    this.addSql(`alter table "article_claim"
      drop constraint "article_claim_score_check",
      add constraint "article_claim_score_check" check ("score" >= 0 and "score" <= 1);`);
    this.addSql(`alter table "article"
      drop constraint "article_published_stage_check",
      add constraint "article_published_stage_check" check ("approved" = ("stage" = 'published'));`);
  }
}
