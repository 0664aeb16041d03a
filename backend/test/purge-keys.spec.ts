import { cacheKeys } from '../src/common/surrogate-keys.js';
import { useOwnDatabase } from './support/own-database.js';

/**
 * The purge triggers queue the surrogate keys exactly as the answers name them (common/surrogate-keys.ts):
 * their SQL is generated from those definitions, and this runs it in PostgreSQL on a migrated database,
 * change by change, against the TypeScript spellings.
 */
describe('the keys the purge triggers queue', () => {
  const own = useOwnDatabase();

  const sql = <T extends object>(query: string, params: unknown[] = []) => own.orm.em.fork().execute<T[]>(query, params);
  /** The keys queued in the outbox by `change`, in order, each once. */
  const queuedBy = async (change: string, params: unknown[] = []): Promise<string[]> => {
    await sql('delete from http_cache_purge');
    await sql(change, params);
    const rows = await sql<{ keys: string[] }>('select keys from http_cache_purge');
    return [...new Set(rows.flatMap((row) => row.keys))].sort();
  };
  const published = async (slug: string, category: string) => {
    const [row] = await sql<{ id: number; category_slug: string }>(
      `insert into article (title, slug, content, category, approved, created_at, updated_at)
       values ('A title', ?, '<p>A body.</p>', ?, true, now(), now()) returning id, category_slug`,
      [slug, category],
    );
    return row!;
  };

  it('publishing an article queues its key, its category and every list and feed it joins', async () => {
    await sql('delete from http_cache_purge');
    const article = await published('keys-published', 'Science & Space');
    const [row] = await sql<{ keys: string[] }>('select keys from http_cache_purge');
    expect(row!.keys).toEqual(
      [cacheKeys.article(article.id), cacheKeys.category(article.category_slug), cacheKeys.newest, cacheKeys.rss, cacheKeys.search, cacheKeys.sitemap].sort(),
    );
  });

  it('a correction note adds the corrections list; a move to another category purges both', async () => {
    const article = await published('keys-moved', 'Technology');
    const note = JSON.stringify([{ kind: 'correction', text: 'A date was wrong.', id: 'n1', createdAt: new Date().toISOString() }]);
    expect(await queuedBy('update article set corrections = ?::jsonb where id = ?', [note, article.id])).toEqual(
      [cacheKeys.article(article.id), cacheKeys.corrections, cacheKeys.rss, cacheKeys.search, cacheKeys.sitemap].sort(),
    );
    const moved = await queuedBy('update article set category = ? where id = ?', ['Business', article.id]);
    const [{ category_slug: newSlug }] = await sql<{ category_slug: string }>('select category_slug from article where id = ?', [article.id]);
    expect(moved).toEqual(
      [
        cacheKeys.article(article.id),
        cacheKeys.category(article.category_slug),
        cacheKeys.category(newSlug),
        cacheKeys.corrections,
        cacheKeys.newest,
        cacheKeys.rss,
        cacheKeys.search,
        cacheKeys.sitemap,
      ].sort(),
    );
  });

  it("a reader's like queues the article's counts alone", async () => {
    const article = await published('keys-liked', 'Technology');
    expect(await queuedBy('update article set likes = likes + 1 where id = ?', [article.id])).toEqual([cacheKeys.counts(article.id)]);
  });

  it("a comment queues its article's key", async () => {
    const article = await published('keys-commented', 'Technology');
    expect(
      await queuedBy(`insert into comment (article_id, author_name, content, client_hash, created_at) values (?, 'Ada', 'Well put.', 'x', now())`, [
        article.id,
      ]),
    ).toEqual([cacheKeys.article(article.id)]);
  });

  it('a change of trending topics queues the trending key', async () => {
    expect(
      await queuedBy(`insert into trending_topic (topic, source, category, created_at, updated_at) values ('A story', 'A feed', 'Technology', now(), now())`),
    ).toEqual([cacheKeys.trending]);
  });

  it("a story's change queues its page, its articles' and the sitemap, which lists the story", async () => {
    const article = await published('keys-story', 'Politics');
    const [story] = await sql<{ id: number }>(`insert into story (slug, title, category) values ('keys-story', 'A story', 'politics') returning id`);
    const storyKey = `story-${story!.id}`;
    expect(await queuedBy('insert into story_article (article_id, story_id) values (?, ?)', [article.id, story!.id])).toEqual(
      [cacheKeys.article(article.id), storyKey, cacheKeys.sitemap].sort(),
    );
    expect(await queuedBy(`update story set slug = 'keys-story-renamed' where id = ?`, [story!.id])).toEqual(
      [cacheKeys.article(article.id), storyKey, cacheKeys.sitemap].sort(),
    );
    // Merged away: the story's page leaves the sitemap.
    expect(await queuedBy('delete from story where id = ?', [story!.id])).toContain(cacheKeys.sitemap);
  });
});
