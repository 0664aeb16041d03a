import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import { TrendingListSchema, TrendingSourcesResponseSchema, TrendingTopicSchema, type TrendingTopic } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { TrendingRefresh, TrendingTopic as TrendingTopicEntity } from '../src/modules/trending/index.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { startLocalHttpServer } from './support/local-http-server.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

interface Story {
  title: string;
  link: string;
  summary?: string;
}

const rss = (title: string, stories: Story[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title>${stories
    .map((s) => `<item><title>${s.title}</title><link>${s.link}</link><description>${s.summary ?? ''}</description></item>`)
    .join('')}</channel></rss>`;

const atom = (title: string, stories: Story[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title>${stories
    .map((s) => `<entry><title>${s.title}</title><link rel="alternate" href="${s.link}"/><summary>${s.summary ?? ''}</summary></entry>`)
    .join('')}</feed>`;

const RATES_LEDGER = {
  title: 'Central bank holds interest rates steady as inflation cools',
  link: 'https://ledger.example/rates',
  summary: 'Policymakers kept the interest rate unchanged.',
};
const RATES_WIRE = {
  title: 'Interest rates left unchanged as central bank waits on inflation data',
  link: 'https://wire.example/rates',
  summary: 'The central bank held interest rates.',
};
const RATES_THIRD = {
  title: 'Central bank keeps interest rates on hold, hints at cuts',
  link: 'https://ledger.example/rates-cuts',
  summary: 'Markets rallied after the central bank held interest rates.',
};
const MUSEUM = {
  title: 'National museum agrees to return looted artefacts',
  link: 'https://ledger.example/museum',
  summary: 'The museum will return the artefacts.',
};
const QUANTUM = {
  title: 'Quantum computer passes error-correction milestone',
  link: 'https://ledger.example/quantum',
  summary: 'Researchers corrected errors faster than they appeared.',
};
const CEASEFIRE = {
  title: 'Ceasefire talks resume with aid corridor on the table',
  link: 'https://wire.example/ceasefire',
  summary: 'Mediators said talks resumed.',
};

/** Its own queues (Redis database 8) and database: a refresh rewrites the whole topic list. */
const REDIS_URL = suiteRedisUrl('trending-refresh');

describe('trending refresh from real RSS and Atom feeds', () => {
  let feeds: Awaited<ReturnType<typeof startLocalHttpServer>>;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let admin: SignedInAdmin;
  let worker: ChildProcess;
  let ledger = { etag: '"ledger-v1"', body: rss('The Daily Ledger', [RATES_LEDGER, MUSEUM, QUANTUM]) };
  const wireModified = 'Fri, 20 Nov 2026 10:00:00 GMT';

  beforeAll(async () => {
    feeds = await startLocalHttpServer({
      '/ledger.rss': (request, response) => {
        if (request.headers['if-none-match'] === ledger.etag) return response.writeHead(304).end();
        response.writeHead(200, { 'content-type': 'application/rss+xml', etag: ledger.etag }).end(ledger.body);
      },
      '/wire.atom': (request, response) => {
        if (request.headers['if-modified-since'] === wireModified) return response.writeHead(304).end();
        response.writeHead(200, { 'content-type': 'application/atom+xml', 'last-modified': wireModified }).end(atom('Global Wire', [RATES_WIRE, CEASEFIRE]));
      },
      '/broken.rss': (_request, response) => response.writeHead(500).end('upstream exploded'),
      '/slow.rss': () => undefined, // never answers
      '/huge.rss': (_request, response) =>
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('Huge', [{ title: 'x'.repeat(9_000), link: 'https://huge.example/1' }])),
      '/page.html': (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Not a feed</body></html>'),
    });
    database = await createOwnDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      TRENDING_FEEDS: ['/ledger.rss', '/wire.atom', '/broken.rss', '/slow.rss', '/huge.rss', '/page.html'].map(feeds.url).join(','),
      TRENDING_FETCH_TIMEOUT_MS: '800',
      TRENDING_MAX_FEED_BYTES: '4096',
      TRENDING_HIGH_PRIORITY_MENTIONS: '2',
      TRENDING_REFRESH_WAIT_MS: '15000',
    };
    app = await createApiApp(testConfig(env));
    admin = await signInAdmin(app);
    // Quiet: the broken feeds below are logged as warnings on every refresh.
    worker = await startReportedWorker({ ...env, LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await stopProcess(worker);
    await app.close();
    await feeds.close();
    await database.drop();
  });

  async function refresh(): Promise<TrendingTopic[]> {
    const response = await app.inject({ method: 'POST', url: '/api/trending-topics/refresh', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    return TrendingTopicSchema.array().parse(response.json());
  }
  const byTitle = (topics: TrendingTopic[], title: string) => topics.find((t) => t.topic === title);

  it('clusters the same story across an RSS and an Atom feed, and records each broken feed without stopping', async () => {
    const topics = await refresh();

    expect(topics).toHaveLength(4);
    const rates = topics.find((t) => t.topic === RATES_LEDGER.title || t.topic === RATES_WIRE.title)!;
    expect(rates).toMatchObject({ mentions: 2, priority: 'high', category: 'Economics', trend: 'rising' });
    expect([RATES_LEDGER.link, RATES_WIRE.link]).toContain(rates.sourceUrl);
    expect(topics[0]).toEqual(rates);
    // The story keeps its feed items (outlet, title, summary, link, time): the sources an approval will freeze.
    const stored = await app
      .get(EntityManager)
      .fork()
      .findOneOrFail(TrendingTopicEntity, rates.id, { populate: ['items'] });
    expect(stored.items.map(({ source, title, summary, link }) => ({ source, title, summary, link })).sort((a, b) => a.source.localeCompare(b.source))).toEqual(
      [
        { source: 'Global Wire', ...RATES_WIRE },
        { source: 'The Daily Ledger', ...RATES_LEDGER },
      ],
    );
    expect(byTitle(topics, QUANTUM.title)).toMatchObject({
      mentions: 1,
      priority: 'normal',
      category: 'Technology',
      source: 'The Daily Ledger',
      sourceUrl: QUANTUM.link,
    });
    expect(byTitle(topics, CEASEFIRE.title)).toMatchObject({ source: 'Global Wire', category: 'Global Events' });

    const status = TrendingSourcesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/trending-topics/sources', headers: { cookie: admin.cookie } })).json(),
    );
    expect(status.mode).toBe('feeds');
    expect(status.lastRefreshAt).not.toBeNull();
    const source = (path: string) => status.sources.find((s) => s.url === feeds.url(path))!;
    expect(source('/ledger.rss')).toMatchObject({ name: 'The Daily Ledger', lastStatus: 'ok', lastError: null, itemCount: 3 });
    expect(source('/wire.atom')).toMatchObject({ name: 'Global Wire', lastStatus: 'ok', itemCount: 2 });
    expect(source('/broken.rss')).toMatchObject({ lastStatus: 'error', lastError: 'HTTP 500 Internal Server Error' });
    expect(source('/slow.rss')).toMatchObject({ lastStatus: 'error', lastError: 'Timed out after 800 ms' });
    expect(source('/huge.rss').lastError).toMatch(/4096-byte limit/);
    expect(source('/page.html').lastError).toBe('Neither an RSS nor an Atom feed');
  });

  it('asks again with ETag and Last-Modified, keeps the topics when feeds answer 304, and calls them steady', async () => {
    const before = feeds.requests.length;
    const topics = await refresh();

    const again = feeds.requests.slice(before);
    expect(again.find((r) => r.path === '/ledger.rss')!.headers['if-none-match']).toBe('"ledger-v1"');
    expect(again.find((r) => r.path === '/wire.atom')!.headers['if-modified-since']).toBe(wireModified);
    const status = TrendingSourcesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/trending-topics/sources', headers: { cookie: admin.cookie } })).json(),
    );
    expect(status.sources.find((s) => s.url === feeds.url('/ledger.rss'))).toMatchObject({ lastStatus: 'not_modified', itemCount: 3 });
    expect(topics).toHaveLength(4);
    expect(topics.every((t) => t.trend === 'steady')).toBe(true);
  });

  it('follows the story: more mentions is rising, a story no feed carries any more leaves the list', async () => {
    const first = await refresh();
    const ratesId = first.find((t) => t.mentions === 2)!.id;
    ledger = { etag: '"ledger-v2"', body: rss('The Daily Ledger', [RATES_LEDGER, RATES_THIRD, MUSEUM]) };

    const topics = await refresh();

    expect(topics.find((t) => t.id === ratesId)).toMatchObject({ mentions: 3, trend: 'rising' });
    expect(byTitle(topics, QUANTUM.title)).toBeUndefined();
    expect(topics).toHaveLength(3);
  });

  it('never offers a declined story again, even when more outlets pick it up', async () => {
    const museum = byTitle(await refresh(), MUSEUM.title)!;
    const declined = await app.inject({
      method: 'POST',
      url: '/api/admin/decline-topic',
      headers: admin.headers,
      payload: { topicId: museum.id, topic: museum.topic },
    });
    expect(declined.statusCode).toBe(200);
    ledger = {
      etag: '"ledger-v3"',
      body: rss('The Daily Ledger', [
        RATES_LEDGER,
        RATES_THIRD,
        MUSEUM,
        { title: 'Looted artefacts to be returned by national museum', link: 'https://ledger.example/museum-2' },
      ]),
    };

    const topics = await refresh();

    expect(topics.some((t) => /museum|artefacts/i.test(t.topic))).toBe(false);
    expect(topics).toHaveLength(2);
    // The public feed still lists what is trending, by mentions.
    const feed = TrendingListSchema.parse((await app.inject({ method: 'GET', url: '/api/trending' })).json());
    expect(feed[0]).toMatchObject({ mentions: 3, category: 'Economics' });
  });

  it('refuses a refresh to anyone without an admin session, or without its CSRF token, and audits it', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/trending-topics/refresh' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/trending-topics/refresh', headers: { cookie: admin.cookie } })).statusCode).toBe(403);
    const audited = await app
      .get(EntityManager)
      .getConnection()
      .execute<{ status: number }[]>("select status from audit_log where actor = ? and action = 'POST /api/trending-topics/refresh' order by id", [
        admin.username,
      ]);
    expect(audited.map((row) => row.status)).toContain(200);
    expect((await app.inject({ method: 'GET', url: '/api/trending-topics?refresh=true' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/trending-topics/sources' })).statusCode).toBe(401);
  });
});

describe('scheduled trending refresh with two workers', () => {
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let workers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createOwnDatabase();
  });
  afterAll(async () => {
    await Promise.all(workers.map(stopProcess));
    await database.drop();
  });

  it('runs once per interval for the whole cluster, not once per worker', async () => {
    const intervalMs = 2_400;
    const env = { DATABASE_URL: database.url, REDIS_URL: suiteRedisUrl('trending-refresh schedule'), TRENDING_REFRESH_MINUTES: String(intervalMs / 60_000) };
    // Both up before the first run is awaited: a boot on a busy machine could outlast that wait.
    workers = await Promise.all([startReportedWorker(env), startReportedWorker(env)]);
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const { createOrmConfig } = await import('../src/app/orm-config.js');
    const orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 1 }));
    try {
      const em = orm.em.fork() as unknown as EntityManager;
      const runs = async () => em.fork().find(TrendingRefresh, {}, { orderBy: { startedAt: 'asc' } });
      const deadline = Date.now() + 20_000;
      while ((await runs()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const firstAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, intervalMs * 4));
      const observed = (Date.now() - firstAt) / intervalMs;

      const all = await runs();
      expect(all.every((run) => run.trigger === 'schedule')).toBe(true);
      // One run per elapsed interval (plus the first); two workers each running it would double this,
      // with runs in pairs started together. The lower bounds leave room for a loaded machine.
      expect(all.length).toBeGreaterThanOrEqual(Math.max(2, Math.floor(observed) - 1));
      expect(all.length).toBeLessThanOrEqual(Math.ceil(observed) + 1);
      const gaps = all.slice(1).map((run, i) => run.startedAt.getTime() - all[i]!.startedAt.getTime());
      expect(Math.min(...gaps)).toBeGreaterThan(250);
    } finally {
      await orm.close(true);
    }
  });
});

describe('on-demand refresh when no worker answers in time', () => {
  it('never refreshes on a GET: ?refresh=true answers the list as it is, and queues nothing', async () => {
    // Redis database 3 has no worker: a refresh would wait in the queue and answer 504.
    const app = await createApiApp(testConfig({ REDIS_URL: suiteRedisUrl('trending-refresh wait'), TRENDING_REFRESH_WAIT_MS: '300' }));
    try {
      const admin = await signInAdmin(app);
      const queue = app.get(JobProducer).queue('trending');
      const before = await queue.getJobCounts('waiting', 'delayed', 'active');
      const list = await app.inject({ method: 'GET', url: '/api/trending-topics', headers: { cookie: admin.cookie } });
      const response = await app.inject({ method: 'GET', url: '/api/trending-topics?refresh=true', headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(list.json());
      expect(await queue.getJobCounts('waiting', 'delayed', 'active')).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it('answers 504 with a clear message after TRENDING_REFRESH_WAIT_MS instead of hanging', async () => {
    // Redis database 3 has no worker: the refresh job waits in the queue.
    const app = await createApiApp(testConfig({ REDIS_URL: suiteRedisUrl('trending-refresh wait'), TRENDING_REFRESH_WAIT_MS: '300' }));
    try {
      const admin = await signInAdmin(app);
      const started = Date.now();
      const response = await app.inject({ method: 'POST', url: '/api/trending-topics/refresh', headers: admin.headers });
      expect(response.statusCode).toBe(504);
      expect(response.json().message).toBe('Refreshing the news feeds took longer than 1 s; it carries on in the background, try again in a moment.');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });
});
