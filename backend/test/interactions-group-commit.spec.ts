import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { createApiApp } from '../src/app/create-api-app.js';
import { InteractionCounts } from '../src/modules/interactions/index.js';
import { INTERACTION_STATEMENTS, InteractionsService } from '../src/modules/interactions/interactions.service.js';
import { createArticle } from './support/article-factory.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

/** Redis database of its own: the limits of these readers touch no other suite. */
const REDIS_URL = suiteRedisUrl('interactions-group-commit');

describe('likes and shares are committed in groups, each acknowledged only after its commit', () => {
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let service: InteractionsService;

  beforeAll(async () => {
    // Its own database: the fault below is a trigger on the interaction table.
    database = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: database.url, REDIS_URL }));
    em = app.get(EntityManager);
    service = app.get(InteractionsService);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const counts = async (id: number) =>
    (
      await em
        .fork()
        .execute<{ likes: number; shares: number; rows: number }[]>(
          `select likes, shares, (select count(*)::int from interaction where article_id = a.id) as rows from article a where id = ?`,
          [id],
        )
    )[0]!;

  /** Counts the statements that commit interactions, passing each through. */
  function countBatches() {
    const store = app.get(InteractionCounts);
    const original = store.countBatch.bind(store);
    const sizes: number[] = [];
    store.countBatch = (batch) => {
      sizes.push(batch.length);
      return original(batch);
    };
    return { sizes, restore: () => (store.countBatch = original) };
  }

  it('commits 300 concurrent likes of distinct readers in a few statements, counting each exactly once', async () => {
    const article = await createArticle(em, { likes: 0 });
    const batches = countBatches();
    try {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => service.record({ articleId: article.id, type: 'like' }, '198.51.100.1', `reader-${article.id}-${i}`)),
      );
      expect(answers.every((answer) => answer.likes >= 1 && answer.likes <= 300)).toBe(true);
      expect(Math.max(...answers.map((answer) => answer.likes))).toBe(300);
    } finally {
      batches.restore();
    }
    expect(await counts(article.id)).toEqual({ likes: 300, shares: 0, rows: 300 });
    expect(batches.sizes.reduce((a, b) => a + b, 0)).toBe(300);
    expect(batches.sizes.length).toBeLessThan(300 / 10);
    // Reader counts, though each statement moved the counter by many: no revision, no new version.
    const [history] = await em
      .fork()
      .execute<{ revisions: number; version: number }[]>(
        'select (select count(*)::int from article_revision where article_id = a.id) as revisions, a.version from article a where a.id = ?',
        [article.id],
      );
    expect(history).toEqual({ revisions: 1, version: 1 });
  });

  it('counts one reader once when their repeats land in the same statement, and a share apart from a like', async () => {
    const article = await createArticle(em, { likes: 0 });
    const same = () => service.record({ articleId: article.id, type: 'like' }, '198.51.100.2', `repeat-${article.id}`);
    const answers = await Promise.all([
      same(),
      same(),
      same(),
      service.record({ articleId: article.id, type: 'share' }, '198.51.100.2', `repeat-${article.id}`),
      same(),
    ]);
    expect(answers.at(-1)).toEqual({ likes: 1, shares: 1 });
    expect(await counts(article.id)).toEqual({ likes: 1, shares: 1, rows: 2 });
  });

  it('answers 404 to the reader of an unpublished or impossible article and counts the others of the same statement', async () => {
    const published = await createArticle(em, { likes: 0 });
    const draft = await createArticle(em, { likes: 0, approved: false });
    const results = await Promise.allSettled([
      service.record({ articleId: published.id, type: 'like' }, '198.51.100.3', `mixed-a-${published.id}`),
      service.record({ articleId: draft.id, type: 'like' }, '198.51.100.3', `mixed-b-${draft.id}`),
      service.record({ articleId: published.id, type: 'like' }, '198.51.100.3', `mixed-c-${published.id}`),
      service.record({ articleId: 2 ** 31, type: 'like' }, '198.51.100.3', `mixed-d-${published.id}`),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
    expect(await counts(published.id)).toMatchObject({ likes: 2, rows: 2 });
    expect(await counts(draft.id)).toMatchObject({ likes: 0, rows: 0 });
  });

  it('acknowledges none of a statement that fails: every reader in it gets the error and nothing is counted', async () => {
    const article = await createArticle(em, { likes: 0 });
    const connection = em.getConnection();
    await connection.execute(`create function interaction_fault() returns trigger language plpgsql as $$
      begin
        if NEW.content = 'fail this statement' then raise exception 'injected fault'; end if;
        return NEW;
      end $$`);
    await connection.execute('create trigger interaction_fault before insert on interaction for each row execute function interaction_fault()');
    try {
      // The first statements run alone; the next five wait for them and are committed, or not, together.
      const firsts = Array.from({ length: INTERACTION_STATEMENTS }, (_, i) =>
        service.record({ articleId: article.id, type: 'like' }, '198.51.100.4', `fault-first-${i}-${article.id}`),
      );
      const grouped = [
        ...Array.from({ length: 4 }, (_, i) => service.record({ articleId: article.id, type: 'like' }, '198.51.100.4', `fault-${i + 1}-${article.id}`)),
        service.record({ articleId: article.id, type: 'share', content: 'fail this statement' }, '198.51.100.4', `fault-5-${article.id}`),
      ];
      await Promise.all(firsts);
      const results = await Promise.allSettled(grouped);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
      expect(await counts(article.id)).toEqual({ likes: INTERACTION_STATEMENTS, shares: 0, rows: INTERACTION_STATEMENTS });
    } finally {
      await connection.execute('drop trigger interaction_fault on interaction');
      await connection.execute('drop function interaction_fault()');
    }
    // The next statement commits as usual.
    await expect(service.record({ articleId: article.id, type: 'like' }, '198.51.100.4', `after-${article.id}`)).resolves.toEqual({
      likes: INTERACTION_STATEMENTS + 1,
      shares: 0,
    });
  });

  it('still records a change of the counters made by hand in SQL, and keeps the search vector of an edited article current', async () => {
    const article = await createArticle(em, { likes: 0, title: 'Quiet harbour' });
    await em.getConnection().execute('update article set likes = likes + 5 where id = ?', [article.id]);
    await em.getConnection().execute(`update article set title = 'Loud zeppelin' where id = ?`, [article.id]);
    const [row] = await em.fork().execute<{ revisions: number; found: boolean; stale: boolean }[]>(
      `select (select count(*)::int from article_revision where article_id = a.id) as revisions,
              a.search_vector @@ websearch_to_tsquery('english', 'zeppelin') as found,
              a.search_vector @@ websearch_to_tsquery('english', 'harbour') as stale
         from article a where a.id = ?`,
      [article.id],
    );
    expect(row).toEqual({ revisions: 3, found: true, stale: false });
  });

  it('is what POST /api/interactions answers with, after the commit', async () => {
    const article = await createArticle(em, { likes: 0 });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/interactions', payload: { articleId: article.id, type: 'like' }, remoteAddress: `10.12.0.${i + 1}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 40 }, () => 201));
    expect(await counts(article.id)).toMatchObject({ likes: 40, rows: 40 });
  });
});
