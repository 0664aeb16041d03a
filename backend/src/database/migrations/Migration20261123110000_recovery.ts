import { Migration } from '@mikro-orm/migrations';

/** Article revisions (a snapshot per create, update, publish, unpublish, restore) and the generated sitemaps, for recovery. */
export class Migration20261123110000_recovery extends Migration {
  override name = 'Migration20261123110000_recovery';

  override up(): void {
    this.addSql(
      `create table "article_revision" ("id" bigserial primary key, "article_id" int not null, "slug" varchar(200) not null, "action" varchar(20) not null, "snapshot" jsonb not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "article_revision_article_id_id_index" on "article_revision" ("article_id", "id" desc);`);
    this.addSql(`create index "article_revision_slug_index" on "article_revision" ("slug");`);
    this.addSql(
      `create table "sitemap_snapshot" ("id" serial primary key, "digest" varchar(64) not null, "url_count" int not null, "xml" bytea not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "sitemap_snapshot_created_at_index" on "sitemap_snapshot" ("created_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "sitemap_snapshot" cascade;`);
    this.addSql(`drop table if exists "article_revision" cascade;`);
  }
}
