import { Migration } from '@mikro-orm/migrations';

/** A comment from the fediverse links its author's profile: `comment.author_url`, http(s) only, null for the site's form. */
export class Migration20261129210000_comment_author_url extends Migration {
  override name = 'Migration20261129210000_comment_author_url';

  override up(): void {
    this.addSql(`alter table "comment" add column "author_url" varchar(1000) null;`);
    this.addSql(`alter table "comment" add constraint "comment_author_url_check" check ((author_url)::text ~ '^https?://'::text);`);
    // Fediverse comments already published get their author's profile from the reply they came from.
    this.addSql(`update "comment" c set "author_url" = r."profile_url"
      from "fediverse_reply" r
      where r."comment_id" = c."id" and r."profile_url" ~ '^https?://' and char_length(r."profile_url") <= 1000;`);
  }

  override down(): void {
    this.addSql(`alter table "comment" drop column "author_url";`);
  }
}
