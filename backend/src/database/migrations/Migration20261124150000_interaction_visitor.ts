import { Migration } from '@mikro-orm/migrations';

/**
 * One like and one share per reader and article: interactions carry the reader's first-party visitor
 * id, and a unique index lets a repeat insert nothing (rows from before the id have none and stay).
 */
export class Migration20261124150000_interaction_visitor extends Migration {
  override name = 'Migration20261124150000_interaction_visitor';

  override up(): void {
    this.addSql(`alter table "interaction" add column "visitor_id" varchar(36) null;`);
    this.addSql(`create unique index "interaction_visitor_once" on "interaction" ("article_id", "type", "visitor_id") where "visitor_id" is not null;`);
  }

  override down(): void {
    this.addSql(`drop index "interaction_visitor_once";`);
    this.addSql(`alter table "interaction" drop column "visitor_id";`);
  }
}
