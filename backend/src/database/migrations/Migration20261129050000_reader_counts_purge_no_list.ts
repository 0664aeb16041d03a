import { Migration } from '@mikro-orm/migrations';
import { SCHEMA_FUNCTIONS_SQL } from './Migration20261127170000_schema_functions.js';

/**
 * A reader's count (a like, a share, a comment's count) queues the purge of `counts-<id>` alone: the
 * article's own page and JSON, never the home page or a list, which show counts within their short
 * shared lifetime (cacheKeys.listedCounts). Before, it queued `article-<id>`, which every list showing
 * the article names, so a stream of anonymous likes kept emptying the shared cache of the most read
 * pages. It applies every function and trigger again, the statements schema_functions wrote out
 * (which hold this change: they are the behaviour as of this migration).
 */
export class Migration20261129050000_reader_counts_purge_no_list extends Migration {
  override name = 'Migration20261129050000_reader_counts_purge_no_list';

  override up(): void {
    for (const statement of SCHEMA_FUNCTIONS_SQL) this.addSql(statement);
  }

  override down(): void {
    this.addSql(`CREATE OR REPLACE FUNCTION public.http_cache_article_keys(op text, old_row article, new_row article)
 RETURNS text[]
 LANGUAGE plpgsql
 STABLE
AS $function$
      declare
        was_public boolean := op <> 'INSERT' and old_row.approved;
        is_public boolean := op <> 'DELETE' and new_row.approved;
        keys text[];
      begin
        if not coalesce(was_public, false) and not coalesce(is_public, false) then return '{}'; end if;
        keys := array['article-' || case when op = 'DELETE' then old_row.id else new_row.id end];
        if op = 'UPDATE' and article_is_reader_count(old_row, new_row) then return keys; end if;
        keys := keys || array['sitemap', 'rss', 'search'];
        -- The corrections list shows every published article with notes, by title.
        if (op <> 'INSERT' and old_row.corrections <> '[]'::jsonb) or (op <> 'DELETE' and new_row.corrections <> '[]'::jsonb) then
          keys := keys || array['corrections'];
        end if;
        if op <> 'UPDATE' or old_row.approved is distinct from new_row.approved
           or old_row.category_slug is distinct from new_row.category_slug
           or old_row.created_at is distinct from new_row.created_at then
          keys := keys || array['newest'];
          if was_public then keys := keys || ('category-' || old_row.category_slug); end if;
          if is_public then keys := keys || ('category-' || new_row.category_slug); end if;
        end if;
        return array(select distinct k from unnest(keys) k order by k);
      end $function$
`);
  }
}
