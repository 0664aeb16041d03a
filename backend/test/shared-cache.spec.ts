import { MikroORM } from '@mikro-orm/postgresql';
import { articleCanonicalPath, categoryCanonicalPath } from '@ai-mind/contracts';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/services.mjs';
import { startVarnish, type RunningVarnish } from '../../scripts/lib/varnish.mjs';
import { createOrmConfig } from '../src/app/orm-config.js';
import { createArticle } from './support/article-factory.js';
import { runCli, startApiProcess, type ApiProcess } from './support/api-process.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { createOwnDatabase } from './support/own-database.js';
import { uniqueSuffix } from './support/test-config.js';
import { stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

/**
 * The shared HTTP cache as infra/ deploys it: a real varnishd running infra/varnish/default.vcl in
 * front of the built API (two API processes on one database, the first behind Varnish), purged by key
 * on every committed change (HTTP_CACHE_PURGE_URLS: the Varnish, and a purge endpoint of our own that
 * is unreachable at first and counts what it gets once it is up).
 */

const ADMIN_PASSWORD = 'a-long-cache-password';
/** Short, so the last case can see answers served past their lifetime while the API is down. */
const MAX_AGE_SECONDS = 10;
/** What "at once" means here: the purge reaches the cache within this long of the acknowledged write. */
const PURGE_WITHIN_MS = 1000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  cache: string | undefined;
}

/** One request over its own socket (a HEAD, or a Host header of its own, as fetch would not send). */
function request(
  origin: string,
  url: string,
  { method = 'GET', headers = {} as Record<string, string>, body }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent = http.request(
      `${origin}${url}`,
      {
        method,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            cache: response.headers['x-cache'] as string | undefined,
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** A purge endpoint that records the keys of every PURGE it is sent. */
function startPurgeRecorder(port: number) {
  const purges: string[][] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.method === 'PURGE') purges.push(String(req.headers['xkey-purge'] ?? '').split(' '));
    res.writeHead(200).end();
  });
  return new Promise<{ purges: string[][]; close: () => Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        purges,
        close: () => {
          server.closeAllConnections();
          return new Promise<void>((done) => server.close(() => done()));
        },
      }),
    ),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

describe('the shared HTTP cache (Varnish with xkey) in front of the API', () => {
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let orm: MikroORM;
  let varnish: RunningVarnish;
  let apis: ApiProcess[] = [];
  let recorderPort: number;
  let recorder: Awaited<ReturnType<typeof startPurgeRecorder>> | null = null;
  let env: Record<string, string>;
  let session: { cookie: string; csrf: string };
  const webRoot = fs.mkdtempSync(path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), 'shared-cache-web-'));
  const admin = `cache-editor-${uniqueSuffix()}`;

  const viaCache = (url: string, options?: Parameters<typeof request>[2]) => request(varnish.url, url, options);
  const adminCall = (method: string, url: string, body?: unknown) =>
    viaCache(url, { method, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf }, body });

  /** Each URL is asked twice through the cache; the second answer must be the cache's own. */
  async function warm(urls: string[]): Promise<void> {
    for (const url of urls) {
      const first = await viaCache(url);
      expect([url, first.status]).toEqual([url, 200]);
      expect([url, (await viaCache(url)).cache]).toEqual([url, 'HIT']);
    }
  }

  /** One second after a change was acknowledged: which URLs the cache still answers itself. */
  async function cachedAfterChange(urls: string[]): Promise<Record<string, string | undefined>> {
    await sleep(PURGE_WITHIN_MS);
    const seen: Record<string, string | undefined> = {};
    for (const url of urls) seen[url] = (await viaCache(url)).cache;
    return seen;
  }

  /** A published article, once the purges its publication queued have been sent (nothing cached after it is dropped by them). */
  async function published(input: Parameters<typeof createArticle>[1]) {
    const article = await createArticle(orm.em, { approved: true, ...input });
    await sleep(PURGE_WITHIN_MS);
    return article;
  }

  beforeAll(async () => {
    writeFakeBuild(webRoot);
    database = await createOwnDatabase();
    orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 2 }));
    recorderPort = await freePort();
    const apiPort = await freePort();
    varnish = await startVarnish({ backend: { host: '127.0.0.1', port: apiPort } });
    env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cache.example',
      DATABASE_URL: database.url,
      REDIS_URL: suiteRedisUrl('shared-cache'),
      SERVE_WEB: 'true',
      WEB_DIST_ROOT: webRoot,
      MEDIA_DIR: path.join(webRoot, 'media'),
      BACKUP_DIR: path.join(webRoot, 'backups'),
      COOKIE_SECURE: 'false',
      BACKUP_CRON: '',
      TRENDING_REFRESH_MINUTES: '0',
      HTTP_CACHE_PURGE_URLS: `${varnish.purgeUrl},http://127.0.0.1:${recorderPort}`,
      HTTP_CACHE_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
    };
    runCli(['create-admin', admin], { ...env, ADMIN_PASSWORD });
    apis = await Promise.all([startApiProcess(env, 60_000, apiPort), startApiProcess(env, 60_000)]);
    // Varnish's health probe has seen the API come up.
    await until('Varnish to see the API healthy', async () => (await viaCache('/api/health')).status === 200, 15_000);
    const login = await viaCache('/api/admin/login', { method: 'POST', body: { username: admin, password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    const setCookie = (login.headers['set-cookie'] ?? []).find((c) => c.startsWith('ai_mind_admin='))!;
    session = { cookie: setCookie.split(';')[0]!, csrf: (JSON.parse(login.body) as { csrfToken: string }).csrfToken };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => (api.child.exitCode === null ? stopProcess(api.child) : null)));
    await recorder?.close();
    await varnish?.stop();
    await orm?.close(true);
    await database?.drop();
  }, 60_000);

  it('retries a cache that cannot be reached, and purges it once it can be', async () => {
    const article = await published({ title: `Sent later ${uniqueSuffix()}` });
    const key = `article-${article.id}`;
    // The first attempt fails (nothing listens); the purge waits in the outbox for the next, for that cache alone.
    await until(
      'a purge waiting for the unreachable cache',
      async () => {
        const waiting = await orm.em
          .getConnection()
          .execute<{ keys: string[]; attempts: number }[]>('select keys, attempts from http_cache_purge where target = ?', [
            `http://127.0.0.1:${recorderPort}`,
          ]);
        return waiting.some((row) => row.keys.includes(key) && row.attempts >= 1);
      },
      10_000,
    );
    recorder = await startPurgeRecorder(recorderPort);
    await until('the purge retried at the cache that came up', () => recorder!.purges.some((keys) => keys.includes(key)), 10_000);
  });

  it('answers a page and a JSON read from the cache on the second request, with keys naming what it shows', async () => {
    const article = await published({ title: `Cached twice ${uniqueSuffix()}` });
    const page = articleCanonicalPath(article);
    const direct = await request(apis[0]!.url, page);
    expect(direct.headers['cache-control']).toBe(`public, max-age=0, s-maxage=${MAX_AGE_SECONDS}`);
    // Only the shared cache may serve it stale: a browser reaching the API directly never does.
    expect(direct.headers['surrogate-control']).toBe('stale-while-revalidate=30, stale-if-error=86400');
    expect(String(direct.headers['surrogate-key']).split(' ')).toEqual(expect.arrayContaining([`article-${article.id}`, 'site']));

    for (const url of [page, `/api/articles/slug/${article.slug}`]) {
      const first = await viaCache(url);
      const second = await viaCache(url);
      expect([first.status, first.cache]).toEqual([200, 'MISS']);
      expect([second.status, second.cache]).toEqual([200, 'HIT']);
      expect(second.body).toBe(first.body);
      // Browsers revalidate every time; the keys are the caches' business.
      expect(second.headers['cache-control']).toBe('public, max-age=0');
      expect(second.headers['surrogate-key']).toBeUndefined();
      expect(second.headers.xkey).toBeUndefined();
    }
    // Tracking parameters and their order do not make another object.
    expect((await viaCache(`${page}?utm_source=news&fbclid=abc`)).cache).toBe('HIT');
    expect((await viaCache(`/api/articles/slug/${article.slug}?gclid=1`)).cache).toBe('HIT');
  });

  describe('every committed change purges exactly what shows it, within a second, once', () => {
    const suffix = uniqueSuffix();
    let a: Awaited<ReturnType<typeof published>>;
    let b: Awaited<ReturnType<typeof published>>;
    const tech = categoryCanonicalPath('Technology');
    const events = categoryCanonicalPath('Global Events');

    beforeAll(async () => {
      a = await published({ title: `Alpha ${suffix}`, category: 'Technology' });
      b = await published({ title: `Beta ${suffix}`, category: 'Global Events', createdAt: new Date(Date.now() - 60_000) });
    });

    it('an edit: the article, the lists that show it and the feeds; not another article or a list without it', async () => {
      const pageA = articleCanonicalPath(a);
      const pageB = articleCanonicalPath(b);
      const urls = [
        pageA,
        `/api/articles/slug/${a.slug}`,
        '/',
        '/api/articles',
        tech,
        '/rss.xml',
        '/sitemap.xml',
        pageB,
        `/api/articles/slug/${b.slug}`,
        events,
        '/api/trending',
        '/robots.txt',
      ];
      await warm(urls);
      const before = recorder!.purges.length;

      const loaded = JSON.parse((await adminCall('GET', `/api/admin/articles/${a.id}`)).body) as { version: number };
      const title = `Alpha edited ${suffix}`;
      expect((await adminCall('PUT', `/api/admin/blogs/${a.id}`, { title, content: '<p>New body.</p>', version: loaded.version })).status).toBe(200);

      expect(await cachedAfterChange(urls)).toEqual({
        [pageA]: 'MISS',
        [`/api/articles/slug/${a.slug}`]: 'MISS',
        '/': 'MISS',
        '/api/articles': 'MISS',
        [tech]: 'MISS',
        '/rss.xml': 'MISS',
        '/sitemap.xml': 'MISS',
        [pageB]: 'HIT',
        [`/api/articles/slug/${b.slug}`]: 'HIT',
        [events]: 'HIT',
        '/api/trending': 'HIT',
        '/robots.txt': 'HIT',
      });
      expect((await viaCache(pageA)).body).toContain(title);
      // Two API processes heard it; one purge went to each cache.
      await sleep(1000);
      expect(recorder!.purges.slice(before).filter((keys) => keys.includes(`article-${a.id}`))).toHaveLength(1);
    });

    it('a publish: the lists and feeds it joins; no article page, no other category', async () => {
      const draft = await createArticle(orm.em, { title: `Gamma ${suffix}`, category: 'Technology', approved: false });
      const urls = [
        '/',
        '/api/articles',
        tech,
        `/api/articles?category=Technology`,
        '/rss.xml',
        '/sitemap.xml',
        articleCanonicalPath(a),
        articleCanonicalPath(b),
        events,
      ];
      await warm(urls);
      expect((await adminCall('POST', '/api/admin/approve-blog', { blogId: draft.id })).status).toBe(200);
      expect(await cachedAfterChange(urls)).toEqual({
        '/': 'MISS',
        '/api/articles': 'MISS',
        [tech]: 'MISS',
        '/api/articles?category=Technology': 'MISS',
        '/rss.xml': 'MISS',
        '/sitemap.xml': 'MISS',
        [articleCanonicalPath(a)]: 'HIT',
        [articleCanonicalPath(b)]: 'HIT',
        [events]: 'HIT',
      });
      expect((await viaCache('/api/articles')).body).toContain(`Gamma ${suffix}`);
    });

    it("a comment: its article's page and the lists showing its count; not the other article", async () => {
      const pageA = articleCanonicalPath(a);
      const pageB = articleCanonicalPath(b);
      const urls = [pageB, `/api/articles/slug/${b.slug}`, events, '/api/articles', pageA, '/rss.xml'];
      await warm(urls);
      const posted = await viaCache(`/api/articles/${b.id}/comments`, { method: 'POST', body: { authorName: 'Reader', content: `A thought ${suffix}` } });
      expect(posted.status).toBe(201);
      expect(await cachedAfterChange(urls)).toEqual({
        [pageB]: 'MISS',
        [`/api/articles/slug/${b.slug}`]: 'MISS',
        [events]: 'MISS',
        '/api/articles': 'MISS',
        [pageA]: 'HIT',
        '/rss.xml': 'HIT',
      });
      expect((await viaCache(pageB)).body).toContain(`A thought ${suffix}`);
    });

    it("a like or a share: the article's own page and JSON, with its new counts; no list, home page or feed", async () => {
      const pageA = articleCanonicalPath(a);
      const json = `/api/articles/slug/${a.slug}`;
      const kept = ['/', '/api/articles', tech, '/api/articles?category=Technology', '/rss.xml', `/api/articles/slug/${b.slug}`];
      await warm([pageA, json, ...kept]);
      const counts = async () => JSON.parse((await viaCache(json)).body) as { likes: number; shares: number };
      const before = await counts();
      for (const type of ['like', 'share'] as const) {
        const sent = await viaCache('/api/interactions', { method: 'POST', body: { articleId: a.id, type } });
        expect([type, sent.status]).toEqual([type, 201]);
        expect(await cachedAfterChange([pageA, json, ...kept])).toEqual({
          [pageA]: 'MISS',
          [json]: 'MISS',
          ...Object.fromEntries(kept.map((url) => [url, 'HIT'])),
        });
        await warm([pageA]);
      }
      expect(await counts()).toMatchObject({ likes: before.likes + 1, shares: before.shares + 1 });
    });

    it('a delete: the article is gone from its page and every list at once; the other article stays cached', async () => {
      const doomed = await published({ title: `Delta ${suffix}`, category: 'Technology' });
      const page = articleCanonicalPath(doomed);
      const urls = [page, '/', tech, '/rss.xml', articleCanonicalPath(b), events];
      await warm(urls);
      expect((await adminCall('POST', '/api/admin/decline-blog', { blogId: doomed.id })).status).toBe(200);
      expect(await cachedAfterChange(urls.slice(1))).toEqual({
        '/': 'MISS',
        [tech]: 'MISS',
        '/rss.xml': 'MISS',
        [articleCanonicalPath(b)]: 'HIT',
        [events]: 'HIT',
      });
      const gone = await viaCache(page);
      expect([gone.status, gone.cache]).toEqual([404, 'MISS']);
      // An error is never kept as the page.
      expect((await viaCache(page)).cache).toBe('MISS');
      expect((await viaCache('/')).body).not.toContain(`Delta ${suffix}`);
    });

    it('a recovery: the restored article is back in the lists at once', async () => {
      const lost = await published({ title: `Epsilon ${suffix}`, category: 'Technology' });
      // Lost by accident (no deliberate deletion recorded), then the lists are cached without it.
      await orm.em.getConnection().execute('delete from article where id = ?', [lost.id]);
      await sleep(PURGE_WITHIN_MS);
      const urls = ['/', tech, articleCanonicalPath(b), events];
      await warm(urls);
      expect((await viaCache('/')).body).not.toContain(`Epsilon ${suffix}`);

      runCli(['recover:quick'], env);
      expect(await cachedAfterChange(urls)).toEqual({ '/': 'MISS', [tech]: 'MISS', [articleCanonicalPath(b)]: 'HIT', [events]: 'HIT' });
      expect((await viaCache('/')).body).toContain(`Epsilon ${suffix}`);
      expect((await viaCache(articleCanonicalPath(lost))).status).toBe(200);
    });

    it('a correction: the article, the corrections page and the feeds; not another article', async () => {
      const corrected = await published({ title: `Zeta ${suffix}`, category: 'Technology' });
      const urls = [articleCanonicalPath(corrected), '/corrections', '/api/corrections', '/rss.xml', articleCanonicalPath(b)];
      await warm(urls);
      const loaded = JSON.parse((await adminCall('GET', `/api/admin/articles/${corrected.id}`)).body) as { version: number };
      const text = `The figure was five, not seven ${suffix}.`;
      expect((await adminCall('POST', `/api/admin/articles/${corrected.id}/corrections`, { kind: 'correction', text, version: loaded.version })).status).toBe(
        201,
      );
      expect(await cachedAfterChange(urls)).toEqual({
        [articleCanonicalPath(corrected)]: 'MISS',
        '/corrections': 'MISS',
        '/api/corrections': 'MISS',
        '/rss.xml': 'MISS',
        [articleCanonicalPath(b)]: 'HIT',
      });
      expect((await viaCache('/corrections')).body).toContain(text);
    });

    it('a trending refresh: the feed within a second, once no API process reuses the old one; the articles stay cached', async () => {
      const urls = ['/api/trending', articleCanonicalPath(a), '/api/articles'];
      await warm(urls);
      const story = `Trending story ${suffix}`;
      await orm.em.getConnection().execute(
        `insert into trending_topic (topic, source, priority, category, mentions, trend, status, item_links, items, created_at, updated_at)
         values (?, 'Wire', 'high', 'Technology', 1000000, 'rising', 'new', '[]', '[]', now(), now())`,
        [story],
      );
      expect(await cachedAfterChange(urls)).toEqual({ '/api/trending': 'MISS', [articleCanonicalPath(a)]: 'HIT', '/api/articles': 'HIT' });
      expect((await viaCache('/api/trending')).body).toContain(story);
    });
  });

  it('never answers an admin or a signed-in request from the cache', async () => {
    const article = await published({ title: `Signed in ${uniqueSuffix()}` });
    const url = `/api/articles/slug/${article.slug}`;
    await warm([url]);
    for (let i = 0; i < 2; i++) {
      const own = await viaCache(url, { headers: { cookie: session.cookie } });
      expect([own.status, own.cache]).toEqual([200, 'MISS']);
      const list = await viaCache('/api/admin/articles', { headers: { cookie: session.cookie } });
      expect([list.status, list.cache, list.headers['cache-control']]).toEqual([200, 'MISS', 'private, no-store']);
      const shell = await viaCache('/admin');
      expect([shell.cache, shell.headers['cache-control']]).toEqual(['MISS', 'private, no-store']);
      const check = await viaCache('/api/admin/check', { headers: { cookie: session.cookie } });
      expect(check.cache).toBe('MISS');
      expect(check.headers['surrogate-key']).toBeUndefined();
    }
    // A reader's analytics cookie is the browser's business: still the cached answer.
    expect((await viaCache(url, { headers: { cookie: '_ga=GA1.1.123; _gid=GA1.1.456' } })).cache).toBe('HIT');
  });

  it("gives a fediverse server an article's object and a browser its page, whichever the cache saw first (Vary: Accept)", async () => {
    const browserFirst = await published({ title: `Page first ${uniqueSuffix()}` });
    const objectFirst = await published({ title: `Object first ${uniqueSuffix()}` });
    const activity = { accept: 'application/activity+json' };
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const direct = await request(apis[0]!.url, articleCanonicalPath(browserFirst), { headers: html });
    expect(direct.headers.vary).toBe('accept-encoding, accept');

    const asPage = (answer: Answer) => [answer.status, answer.headers['content-type']?.split(';')[0], answer.body.startsWith('<!')];
    const asObject = (answer: Answer) => [answer.status, answer.headers['content-type']?.split(';')[0], (JSON.parse(answer.body) as { type: string }).type];
    const page = articleCanonicalPath(browserFirst);
    expect(asPage(await viaCache(page, { headers: html }))).toEqual([200, 'text/html', true]);
    expect((await viaCache(page, { headers: html })).cache).toBe('HIT');
    expect(asObject(await viaCache(page, { headers: activity }))).toEqual([200, 'application/activity+json', 'Article']);
    expect(asPage(await viaCache(page))).toEqual([200, 'text/html', true]);

    const other = articleCanonicalPath(objectFirst);
    expect(asObject(await viaCache(other, { headers: activity }))).toEqual([200, 'application/activity+json', 'Article']);
    expect(asPage(await viaCache(other, { headers: html }))).toEqual([200, 'text/html', true]);
    expect(asObject(await viaCache(other, { headers: { accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' } }))).toEqual([
      200,
      'application/activity+json',
      'Article',
    ]);
  });

  it('keeps headers the API does not vary on from changing what others are sent', async () => {
    const article = await published({ title: `Poison ${uniqueSuffix()}` });
    const page = articleCanonicalPath(article);
    const json = `/api/articles/slug/${article.slug}`;
    const poison = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      'x-original-url': '/api/admin/articles',
      'x-rewrite-url': '/api/admin/articles',
      accept: 'text/x-evil, application/evil+json;q=2',
    };
    for (const url of [page, json]) {
      const poisoned = await viaCache(url, { headers: poison });
      expect([poisoned.status, poisoned.cache]).toEqual([200, 'MISS']);
      const reader = await viaCache(url);
      expect(reader.cache).toBe('HIT');
      expect(reader.body).not.toContain('evil');
      expect(reader.body).toBe((await request(apis[0]!.url, url)).body);
    }
    // HEAD and GET agree, from the cache and from the API.
    const head = await viaCache(json, { method: 'HEAD' });
    const get = await viaCache(json);
    expect([head.status, head.headers.etag, head.headers['content-type']]).toEqual([200, get.headers.etag, get.headers['content-type']]);
    // A missing page is answered by the API every time, never kept.
    for (let i = 0; i < 2; i++) expect((await viaCache(`/technology/article/no-such-${uniqueSuffix()}`)).cache).toBe('MISS');
  });

  it('leaves the database alone while there is nothing to purge: a look a second, not a loop', async () => {
    const connection = orm.em.getConnection();
    await until(
      'the outbox sent',
      async () => (await connection.execute<{ n: number }[]>('select count(*)::int as n from http_cache_purge'))[0]!.n === 0,
      20_000,
    );
    const commits = async () =>
      Number((await connection.execute<{ n: string }[]>('select xact_commit as n from pg_stat_database where datname = current_database()'))[0]!.n);
    // The statistics reach pg_stat_database once a backend reports them (within a second); a snapshot per read.
    await connection.execute('select pg_stat_clear_snapshot()');
    const before = await commits();
    await sleep(3000);
    await connection.execute('select pg_stat_clear_snapshot()');
    const perSecond = ((await commits()) - before) / 3;
    // Two idle API processes poll the outbox once a second each, among their other timers; an empty outbox
    // read as "due now" was drained hundreds of times a second.
    expect(perSecond).toBeLessThan(40);
  }, 60_000);

  it('keeps serving pages, stale, while the API is down', async () => {
    const article = await published({ title: `Outage ${uniqueSuffix()}` });
    const urls = [articleCanonicalPath(article), `/api/articles/slug/${article.slug}`, '/'];
    await warm(urls);
    await stopProcess(apis[0]!.child);
    // Past their shared lifetime, and Varnish has seen the API fail its health check.
    await sleep((MAX_AGE_SECONDS + 2) * 1000);
    for (const url of urls) {
      const stale = await viaCache(url);
      expect([url, stale.status, stale.cache]).toEqual([url, 200, 'HIT']);
      expect(Number(stale.headers.age)).toBeGreaterThan(MAX_AGE_SECONDS);
    }
    expect((await viaCache(urls[0]!)).body).toContain(`Outage`);
  }, 60_000);
});
