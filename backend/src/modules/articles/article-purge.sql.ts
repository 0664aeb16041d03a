import { cacheKeys, sqlKey } from '../../common/surrogate-keys.js';
import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The HTTP cache purge of every article change. These triggers write another module's table: they
 * queue rows in http-cache's http_cache_purge outbox through its http_cache_queue function
 * (http-cache/purge-queue.sql.ts). The keys are spelled by common/surrogate-keys.ts.
 */

/** The surrogate keys an article change affects: none for a draft before and after, `counts-<id>` alone for a reader's count (its own page and JSON, no list), else `article-<id>` and more as its lists, feeds and search may change. */
const httpCacheArticleKeys: DatabaseFunction = {
  name: 'http_cache_article_keys',
  args: 'op text, old_row article, new_row article',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_article_keys(op text, old_row article, new_row article)
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
        -- A like or a share purges no list: lists show counts within their short shared lifetime.
        if op = 'UPDATE' and article_is_reader_count(old_row, new_row) then return array[${cacheKeys.counts.sql('new_row.id')}]; end if;
        keys := array[${cacheKeys.article.sql("case when op = 'DELETE' then old_row.id else new_row.id end")}];
        keys := keys || array[${[cacheKeys.sitemap, cacheKeys.rss, cacheKeys.search].map(sqlKey).join(', ')}];
        -- The corrections list shows every published article with notes, by title.
        if (op <> 'INSERT' and old_row.corrections <> '[]'::jsonb) or (op <> 'DELETE' and new_row.corrections <> '[]'::jsonb) then
          keys := keys || array[${sqlKey(cacheKeys.corrections)}];
        end if;
        if op <> 'UPDATE' or old_row.approved is distinct from new_row.approved
           or old_row.category_slug is distinct from new_row.category_slug
           or old_row.created_at is distinct from new_row.created_at then
          keys := keys || array[${sqlKey(cacheKeys.newest)}];
          if was_public then keys := keys || (${cacheKeys.category.sql('old_row.category_slug')}); end if;
          if is_public then keys := keys || (${cacheKeys.category.sql('new_row.category_slug')}); end if;
        end if;
        return array(select distinct k from unnest(keys) k order by k);
      end $function$
`,
};

/** Every article change queues its surrogate keys for purging, due once every API process shows it (400 ms for a reader's count, else 150 ms). */
const httpCacheArticleChanged: DatabaseFunction = {
  name: 'http_cache_article_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_article_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(http_cache_article_keys(TG_OP, OLD, NEW),
          case when TG_OP = 'UPDATE' and article_is_reader_count(OLD, NEW) then interval '400 milliseconds' else interval '150 milliseconds' end);
        return null;
      end $function$
`,
};

/** Queues the HTTP cache purge of every article change. */
const httpCacheArticleTrigger: DatabaseTrigger = {
  name: 'http_cache_article',
  table: 'article',
  sql: `CREATE TRIGGER http_cache_article AFTER INSERT OR DELETE OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION http_cache_article_changed()`,
};

/** The article's purge functions and trigger. */
export const articlePurgeSql: DatabaseBehaviour = {
  functions: [httpCacheArticleKeys, httpCacheArticleChanged],
  triggers: [httpCacheArticleTrigger],
};
