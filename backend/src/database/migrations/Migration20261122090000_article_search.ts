import { Migration } from '@mikro-orm/migrations';

/**
 * Full-text search over published articles: a stored, generated tsvector (title weighted above the
 * AI commentary, above the body) kept by PostgreSQL itself, with a GIN index; and keyset-friendly
 * list indexes that end in the id tie-breaker the paged list orders by.
 */
export class Migration20261122090000_article_search extends Migration {
  override name = 'Migration20261122090000_article_search';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "article" add column "search_vector" tsvector generated always as (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(ai_commentary, '')), 'B') || setweight(to_tsvector('english'::regconfig, content), 'C')) stored;`,
    );
    this.addSql(`create index "article_search_vector_index" on "article" using gin ("search_vector");`);
    this.addSql(`create index "article_approved_created_at_id_index" on "article" ("approved", "created_at" desc, "id" desc);`);
    this.addSql(`create index "article_category_slug_approved_created_at_id_index" on "article" ("category_slug", "approved", "created_at" desc, "id" desc);`);
    this.addSql(`drop index if exists "article_approved_created_at_index";`);
    this.addSql(`drop index if exists "article_category_slug_approved_created_at_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "article_approved_created_at_index" on "article" ("approved", "created_at");`);
    this.addSql(`create index "article_category_slug_approved_created_at_index" on "article" ("category_slug", "approved", "created_at");`);
    this.addSql(`drop index if exists "article_category_slug_approved_created_at_id_index";`);
    this.addSql(`drop index if exists "article_approved_created_at_id_index";`);
    this.addSql(`drop index if exists "article_search_vector_index";`);
    this.addSql(`alter table "article" drop column if exists "search_vector";`);
  }
}
