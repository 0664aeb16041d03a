import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { createApiApp } from '../src/app/create-api-app.js';
import { createWorkerApp } from '../src/app/create-worker-app.js';
import { createArticle } from './support/article-factory.js';
import { startLocalHttpServer, type RecordedRequest } from './support/local-http-server.js';
import { createOwnDatabase } from './support/own-database.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { testConfig } from './support/test-config.js';
import { until } from './support/until.js';

const SITE = 'https://news.example';
const REDIS_URL = suiteRedisUrl('fediverse');

/**
 * Deliveries from the job worker: a published article is a Create, a published change an Update, a
 * deletion a Delete, each sent once to each inbox (a server's shared inbox once for all its followers),
 * signed; a failing inbox is retried then marked failed; an inbox that is gone drops its followers.
 */
describe('delivering articles to followers from the worker', () => {
  let api: NestFastifyApplication;
  let worker: INestApplicationContext;
  let em: EntityManager;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let remote: Awaited<ReturnType<typeof startLocalHttpServer>>;
  const posts = (path: string) => remote.requestsTo(path).filter((request) => request.method === 'POST');
  const activities = (path: string) =>
    posts(path).map((request) => JSON.parse(request.body) as { type: string; object: { id?: string; type: string; name?: string } });

  beforeAll(async () => {
    database = await createOwnDatabase();
    const ok = (_request: RecordedRequest, response: import('node:http').ServerResponse) => {
      response.writeHead(202);
      response.end();
    };
    remote = await startLocalHttpServer({
      '/shared-inbox': ok,
      '/users/solo/inbox': ok,
      '/users/gone/inbox': (_request, response) => {
        response.writeHead(410);
        response.end();
      },
      '/users/broken/inbox': (_request, response) => {
        response.writeHead(500);
        response.end('down');
      },
    });
    const redis = new (await import('ioredis')).Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      PUBLIC_URL: SITE,
      FEDIVERSE_TRUSTED_ORIGINS: remote.origin,
      FEDIVERSE_OUTBOX_INTERVAL_MS: '200',
      FEDIVERSE_RETRY_DELAY_MS: '100',
      FEDIVERSE_DELIVERY_ATTEMPTS: '3',
    };
    api = await createApiApp(testConfig(env));
    worker = await createWorkerApp(testConfig(env));
    em = api.get(EntityManager);
    const follower = (name: string, inbox: string, shared: string | null) =>
      em
        .fork()
        .getConnection()
        .execute(`insert into fediverse_follower (actor_url, handle, inbox_url, shared_inbox_url, follow_id) values (?, ?, ?, ?, ?)`, [
          `${remote.origin}/users/${name}`,
          `@${name}@${new URL(remote.origin).host}`,
          inbox,
          shared,
          `${remote.origin}/users/${name}#follow`,
        ]);
    await follower('ann', `${remote.origin}/users/ann/inbox`, `${remote.origin}/shared-inbox`);
    await follower('bob', `${remote.origin}/users/bob/inbox`, `${remote.origin}/shared-inbox`);
    await follower('solo', `${remote.origin}/users/solo/inbox`, null);
    await follower('gone', `${remote.origin}/users/gone/inbox`, null);
    await follower('broken', `${remote.origin}/users/broken/inbox`, null);
    // The outbox starts from the history as it is when it first runs.
    await until(
      'the outbox cursor',
      () => em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from fediverse_kv where key like 'ai-mind%outbox-cursor'`),
      (rows) => rows[0]!.n === 1,
    );
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await remote?.close();
    await database?.drop();
  });

  const deliveries = (articleId: number) =>
    em
      .fork()
      .getConnection()
      .execute<{ activity: string; inbox_url: string; status: string; attempts: number }[]>(
        `select activity, inbox_url, status, attempts from fediverse_delivery where article_id = ? order by activity, inbox_url`,
        [articleId],
      );

  it('sends Create once per inbox, signed; retries a failing inbox then marks it failed; drops the followers of a gone one', async () => {
    const article = await createArticle(em, { title: 'Federated news', category: 'Technology' });
    const rows = await until(
      'the first deliveries to settle',
      () => deliveries(article.id),
      (list) => list.length === 4 && list.every((row) => row.status === 'sent' || row.status === 'failed'),
    );
    expect(rows.map((row) => [row.inbox_url.replace(remote.origin, ''), row.status])).toEqual([
      ['/shared-inbox', 'sent'],
      ['/users/broken/inbox', 'failed'],
      ['/users/gone/inbox', 'failed'],
      ['/users/solo/inbox', 'sent'],
    ]);
    expect(rows.find((row) => row.inbox_url.endsWith('/broken/inbox'))!.attempts).toBe(3);
    expect(posts('/users/broken/inbox')).toHaveLength(3);
    // Ann and Bob share their server's inbox: it hears of the article once.
    expect(activities('/shared-inbox')).toEqual([
      expect.objectContaining({ type: 'Create', object: expect.objectContaining({ type: 'Article', name: 'Federated news' }) }),
    ]);
    expect(activities('/users/solo/inbox')).toHaveLength(1);
    expect(posts('/shared-inbox')[0]!.headers.signature).toContain(`keyId="${SITE}/ap/actor/site#main-key"`);
    const followers = await em.fork().getConnection().execute<{ handle: string }[]>(`select handle from fediverse_follower order by handle`);
    expect(followers.map((row) => row.handle.split('@')[1])).toEqual(['ann', 'bob', 'broken', 'solo']);
  }, 60_000);

  it('sends Update when a published article changes what readers see, nothing for a change they do not, and Delete when it goes', async () => {
    const article = await createArticle(em, { title: 'Changing story', category: 'Technology' });
    await until(
      'the Create',
      async () => activities('/users/solo/inbox').filter((a) => a.object.name === 'Changing story'),
      (list) => list.length === 1,
    );
    const connection = em.fork().getConnection();
    await connection.execute(`update article set ai_commentary = 'Still humans.' where id = ?`, [article.id]);
    await connection.execute(`update article set title = 'Changed story' where id = ?`, [article.id]);
    await until(
      'the Update',
      async () => activities('/users/solo/inbox').filter((a) => a.type === 'Update'),
      (list) => list.length === 1,
    );
    await connection.execute(`delete from article where id = ?`, [article.id]);
    const deleted = await until(
      'the Delete',
      async () => activities('/users/solo/inbox').filter((a) => a.type === 'Delete'),
      (list) => list.length === 1,
    );
    expect(deleted[0]!.object).toMatchObject({ type: 'Tombstone', id: `${SITE}/technology/article/${article.slug}` });
    // The remote records a POST as it arrives; the worker marks the delivery sent once the answer is back.
    const kinds = await until(
      'the deliveries to Solo settled',
      async () => (await deliveries(article.id)).filter((row) => row.inbox_url.endsWith('/solo/inbox')).map((row) => [row.activity, row.status]),
      (list) => list.every(([, status]) => status !== 'pending'),
    );
    expect(kinds).toEqual([
      ['create', 'sent'],
      ['delete', 'sent'],
      ['update', 'sent'],
    ]);
  }, 60_000);

  it('tells the followers of a moved article (a new slug, so a new id) with a Delete of the id they know and a Create of the new one', async () => {
    const article = await createArticle(em, { title: 'Moving story', category: 'Technology' });
    const oldId = `${SITE}/technology/article/${article.slug}`;
    await until(
      'the Create',
      async () => activities('/users/solo/inbox').filter((a) => a.type === 'Create' && a.object.id === oldId),
      (list) => list.length === 1,
    );
    await em
      .fork()
      .getConnection()
      .execute(`update article set slug = ? where id = ?`, [`${article.slug}-moved`, article.id]);
    const newId = `${SITE}/technology/article/${article.slug}-moved`;
    const told = await until(
      'the Delete and the Create',
      async () => activities('/users/solo/inbox').filter((a) => a.object.id === oldId || a.object.id === newId),
      (list) => list.length === 3,
    );
    expect(told.map((a) => [a.type, a.object.id])).toEqual([
      ['Create', oldId],
      ['Delete', oldId],
      ['Create', newId],
    ]);
  }, 60_000);

  it("sends the AI's reply to a comment from the fediverse back to its author, once, as a reply to their note", async () => {
    const article = await createArticle(em, { title: 'Answered', category: 'Technology' });
    const connection = em.fork().getConnection();
    const [comment] = await connection.execute<{ id: number }[]>(
      `insert into comment (article_id, author_name, content, ai_response, client_hash, created_at) values (?, '@ann@remote', 'Nice one.', 'Humans, thank you.', 'fediverse', now()) returning id`,
      [article.id],
    );
    const noteId = `${remote.origin}/users/ann/statuses/9`;
    await connection.execute(
      `insert into fediverse_reply (note_id, article_id, actor_url, handle, profile_url, content, status, comment_id, inbox_url) values (?, ?, ?, '@ann@remote', ?, 'Nice one.', 'published', ?, ?)`,
      [noteId, article.id, `${remote.origin}/users/ann`, `${remote.origin}/@ann`, comment!.id, `${remote.origin}/users/solo/inbox`],
    );
    const replies = await until(
      "the AI's reply",
      async () => activities('/users/solo/inbox').filter((activity) => activity.type === 'Create' && activity.object.type === 'Note'),
      (list) => list.length === 1,
    );
    expect(replies[0]!.object).toMatchObject({ type: 'Note', inReplyTo: noteId, attributedTo: `${SITE}/ap/actor/site` });
    expect((replies[0]!.object as unknown as { content: string }).content).toContain('Humans, thank you.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(activities('/users/solo/inbox').filter((activity) => activity.object.type === 'Note')).toHaveLength(1);
  }, 60_000);

  it('sends nothing to a server blocked after its deliveries were made: each is marked failed, and the AI does not answer there', async () => {
    const connection = em.fork().getConnection();
    // Blocked in the moment between the outbox making the rows and the worker sending them.
    await connection.execute(`insert into fediverse_block (kind, value, created_by) values ('domain', '127.0.0.1', 'test')`);
    try {
      const before = posts('/users/solo/inbox').length + posts('/shared-inbox').length;
      const article = await createArticle(em, { title: 'Not for them', category: 'Technology' });
      const rows = await until(
        'the deliveries to settle',
        () => deliveries(article.id),
        (list) => list.length > 0 && list.every((row) => row.status === 'failed'),
      );
      expect(rows.map((row) => row.attempts)).toEqual(rows.map(() => 1));
      const [error] = await connection.execute<{ last_error: string }[]>(`select last_error from fediverse_delivery where article_id = ? limit 1`, [
        article.id,
      ]);
      expect(error!.last_error).toBe("The inbox's server is blocked here");
      // A comment from there, answered by the AI: the reply is marked answered and nothing is sent.
      const [comment] = await connection.execute<{ id: number }[]>(
        `insert into comment (article_id, author_name, content, ai_response, client_hash, created_at) values (?, '@ann@remote', 'Hm.', 'Hm indeed.', 'fediverse', now()) returning id`,
        [article.id],
      );
      await connection.execute(
        `insert into fediverse_reply (note_id, article_id, actor_url, handle, profile_url, content, status, comment_id, inbox_url) values (?, ?, ?, '@ann@remote', ?, 'Hm.', 'published', ?, ?)`,
        [
          `${remote.origin}/users/ann/statuses/10`,
          article.id,
          `${remote.origin}/users/ann`,
          `${remote.origin}/@ann`,
          comment!.id,
          `${remote.origin}/users/solo/inbox`,
        ],
      );
      await until(
        'the reply to be marked answered',
        async () =>
          (
            await connection.execute<{ answered: boolean }[]>(`select answered_at is not null as answered from fediverse_reply where comment_id = ?`, [
              comment!.id,
            ])
          )[0]!,
        (row) => row.answered,
      );
      // Marked before it would be sent: give a send the time it takes here (the test above sees one within this).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(posts('/users/solo/inbox').length + posts('/shared-inbox').length).toBe(before);
    } finally {
      await connection.execute(`delete from fediverse_block`);
    }
  }, 60_000);
});
