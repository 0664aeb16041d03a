import { Migration } from '@mikro-orm/migrations';

/**
 * The admin panel at 100,000 articles: indexes for its list orders and filters over every status,
 * a spam mark on comments (hidden from readers) and a handled mark on contact messages, plus the
 * orders and filters of the comment, contact and audit lists; the audit log keeps a bulk call's ids.
 */
export class Migration20261124200000_admin_at_scale extends Migration {
  override name = 'Migration20261124200000_admin_at_scale';

  override up(): void {
    this.addSql(`create index "article_created_at_id_index" on "article" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "article_category_slug_created_at_id_index" on "article" ("category_slug", "created_at" desc, "id" desc);`);
    this.addSql(`create index "article_likes_id_index" on "article" ("likes" desc, "id" desc);`);
    this.addSql(`alter table "comment" add column "spam" boolean not null default false;`);
    this.addSql(`create index "comment_created_at_id_index" on "comment" ("created_at" desc, "id" desc);`);
    this.addSql(`alter table "contact_submission" add column "handled" boolean not null default false;`);
    this.addSql(`create index "contact_submission_submitted_at_id_index" on "contact_submission" ("submitted_at" desc, "id" desc);`);
    this.addSql(`create index "audit_log_created_at_id_index" on "audit_log" ("created_at" desc, "id" desc);`);
    // A bulk delete or mark records every id it named.
    this.addSql(`alter table "audit_log" alter column "target_id" type text;`);
  }

  override down(): void {
    this.addSql(`alter table "audit_log" alter column "target_id" type varchar(100) using left("target_id", 100);`);
    this.addSql(`drop index "audit_log_created_at_id_index";`);
    this.addSql(`drop index "contact_submission_submitted_at_id_index";`);
    this.addSql(`alter table "contact_submission" drop column "handled";`);
    this.addSql(`drop index "comment_created_at_id_index";`);
    this.addSql(`alter table "comment" drop column "spam";`);
    this.addSql(`drop index "article_likes_id_index";`);
    this.addSql(`drop index "article_category_slug_created_at_id_index";`);
    this.addSql(`drop index "article_created_at_id_index";`);
  }
}
