import { Migration } from '@mikro-orm/migrations';

/**
 * A reader's error report on one claim (one cited sentence) of an article: the claim's id, and the
 * sentence, source number, passage and outlet as the page showed them when the report was sent. Kept
 * on the report because every check of an edited body replaces the article's claims (new ids): the
 * editors still read what the reader saw. No foreign key, as for the article id.
 */
export class Migration20261129120000_claim_reports extends Migration {
  override name = 'Migration20261129120000_claim_reports';

  override up(): void {
    this.addSql(`alter table "error_report"
      add column "claim_id" int null,
      add column "claim_sentence" text null,
      add column "claim_source_number" int null,
      add column "claim_passage" text null,
      add column "claim_outlet" varchar(200) null,
      add constraint "error_report_claim_check" check (("claim_id" is null) = ("claim_sentence" is null));`);
  }

  override down(): void {
    this.addSql(`alter table "error_report"
      drop constraint if exists "error_report_claim_check",
      drop column if exists "claim_id",
      drop column if exists "claim_sentence",
      drop column if exists "claim_source_number",
      drop column if exists "claim_passage",
      drop column if exists "claim_outlet";`);
  }
}
