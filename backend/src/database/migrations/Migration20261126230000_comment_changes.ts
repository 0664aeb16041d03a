import { Migration } from '@mikro-orm/migrations';

/**
 * Comments are part of their article's page (its HTML and its data block), so every committed change
 * to what readers see of one (a new comment, its AI reply, a deletion, a spam mark) NOTIFYs
 * `article_changed` as an article's own change does: every API process drops its rendered pages,
 * whoever made the change (the API, the worker writing a reply, SQL by hand). PostgreSQL sends one
 * notification per transaction however many rows changed (a bulk deletion is one).
 */
export class Migration20261126230000_comment_changes extends Migration {
  override name = 'Migration20261126230000_comment_changes';

  override up(): void {
    this.addSql(`create function comment_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('article_changed', '');
        return null;
      end $$;`);
    this.addSql(
      `create trigger comment_changed after insert or delete or update of author_name, content, ai_response, spam on "comment" for each row execute function comment_changed();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists comment_changed on "comment";`);
    this.addSql(`drop function if exists comment_changed();`);
  }
}
