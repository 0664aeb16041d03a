import { Migration } from '@mikro-orm/migrations';

/**
 * A story's change also purges the sitemap, which lists each story's page: before, a merge left the
 * removed story's address in the edge cache's sitemap (a 404 to crawlers) and a split's new story was
 * missing from it until an article's change purged it.
 */
export class Migration20261129200000_story_purge_sitemap extends Migration {
  override name = 'Migration20261129200000_story_purge_sitemap';

  override up(): void {
    this.addSql(
      storyPurge(`
                union select 'sitemap'`),
    );
  }

  override down(): void {
    this.addSql(storyPurge(''));
  }
}

function storyPurge(sitemap: string): string {
  return `CREATE OR REPLACE FUNCTION public.story_purge(story_ids integer[], article_ids integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(
          array(select 'story-' || s from unnest(story_ids) s where s is not null
                union select 'article-' || sa.article_id from story_article sa where sa.story_id = any(story_ids)
                union select 'article-' || a from unnest(article_ids) a where a is not null${sitemap}),
          interval '150 milliseconds');
        perform pg_notify('article_changed', '');
      end $function$
`;
}
