import { jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { PAGE_DATA_ELEMENT_ID, articleCanonicalPath, type PageData } from '@ai-mind/contracts';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { freePort, startRedis } from '../../scripts/lib/services.mjs';
import { createApiApp } from '../src/app/create-api-app.js';
import { strongestCompression } from '../src/common/compression-pool.js';
import { PreparedResponseCache } from '../src/common/prepared-response-cache.js';
import { ArticlesCacheService } from '../src/modules/articles/index.js';
import { PagesService } from '../src/modules/pages/index.js';
import { createArticle } from './support/article-factory.js';
import { linkPublicSiteServer } from './support/fake-web-build.js';
import { createOwnDatabase } from './support/own-database.js';
import { requestOverSocket } from './support/socket-request.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

/** Built apps as the bundler lays them out, with the manifests module federation writes. */
function writeBuildWithManifests(root: string): void {
  const shared = (name: string, file: string) => ({ name, assets: { js: { sync: [file], async: [] }, css: { sync: [], async: [] } } });
  const files: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>The AI Mind</title><script defer src="/static/js/index.1a2b.js"></script></head><body><div id="root"></div></body></html>',
    'shell/dist/mf-manifest.json': JSON.stringify({
      shared: [
        shared('react', 'static/js/async/react.1.js'),
        shared('react-dom', 'static/js/async/react-dom.2.js'),
        shared('@mantine/core', 'static/js/async/mantine.3.js'),
      ],
    }),
    'public-site/dist/mf-manifest.json': JSON.stringify({
      metaData: { remoteEntry: { path: '', name: 'static/js/public_app.4.js' } },
      shared: [],
      exposes: [
        {
          path: './App',
          assets: {
            js: {
              sync: ['static/js/async/app.5.js'],
              async: ['static/js/async/chat.6.js', 'static/js/async/page-home.9.js', 'static/js/async/page-not-found.10.js'],
            },
            css: { sync: ['static/css/async/app.7.css'], async: ['static/css/async/grid.8.css'] },
          },
        },
      ],
    }),
    'public-site/dist/static/css/async/app.7.css': '.site{color:#222}',
  };
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  linkPublicSiteServer(root);
}

function pageData(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : null;
}

/** The site's configured origin (PUBLIC_URL): the only one its pages name. */
const SITE = 'https://news.example';

const preloads = (html: string) => [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);

describe('public page HTML: first data, preloads and no inline script', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;

  beforeAll(async () => {
    // Its own database and Redis: the home page lists every published article, through the shared cache.
    [database, redis] = await Promise.all([createOwnDatabase(), freePort().then((port) => startRedis({ port }))]);
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeBuildWithManifests(distRoot);
    const config = testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, DATABASE_URL: database.url, REDIS_URL: redis.url, PUBLIC_URL: SITE });
    // The images the pages show are there (a missing one is rendered as the fallback: page-forms.spec.ts).
    for (const image of ['covers/older.svg', 'covers/payload.svg', 'articles/9/vab12-1200x630.webp']) {
      fs.mkdirSync(path.dirname(path.join(config.images.mediaDir, image)), { recursive: true });
      fs.writeFileSync(path.join(config.images.mediaDir, image), '');
    }
    app = await createApiApp(config);
    em = app.get(EntityManager);
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), redis.stop()]);
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  /** The queries the page was rendered with, by their key's first parts. */
  function queries(html: string): { key: unknown[]; data: unknown }[] {
    const state = pageData(html)?.queries as { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | undefined;
    return (state?.queries ?? []).map((query) => ({ key: query.queryKey, data: query.state.data }));
  }

  it('renders the home page with every card of its first page and hands the client the list, as the API lists it', async () => {
    const older = await createArticle(em, { title: 'Older Story About Grids', imageUrl: '/media/covers/older.svg' });
    const newer = await createArticle(em, { title: 'Newer Story </script><script>alert(1)</script>', imageUrl: '/media/articles/9/vab12-1200x630.webp' });

    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const [list] = queries(html) as [{ key: unknown[]; data: { pages: { items: { id: number; title: string }[]; nextCursor: string | null }[] } }];
    expect(list.key).toEqual(['articles', 'list', {}]);
    const api = (await get('/api/articles?approved=true')).json<{ id: number }[]>();
    expect(list.data.pages[0]!.items.map((a) => a.id)).toEqual(api.map((a) => a.id));
    expect(list.data.pages[0]!.items.map((a) => a.id)).toEqual([newer.id, older.id]);
    expect(list.data.pages[0]!.items[0]!.title).toBe('Newer Story </script><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert');
    // The cards are in the HTML, titles escaped.
    // The data block comes right after the root element, not in the head: the first paint needs none of it.
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain(PAGE_DATA_ELEMENT_ID);
    const root = new RegExp(`<div id="root">([\\s\\S]*)</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`).exec(html)![1]!;
    expect(root).toContain('Older Story About Grids');
    expect(root).toContain('Newer Story &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(preloads(html)).toContainEqual(
      '<link rel="preload" as="image" href="/media/articles/9/vab12-1200x630.webp" imagesrcset="/media/articles/9/vab12-600x315.webp 600w, /media/articles/9/vab12-1200x630.webp 1200w" imagesizes="(min-width: 75em) 25vw, (min-width: 48em) 40vw, 100vw" fetchpriority="high">',
    );
    // The top image is the browser's first request, ahead of the shell's script and the page's other tags.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('rel="preload" as="image"')).toBeGreaterThan(head.indexOf('name="viewport"'));
    expect(head.indexOf('rel="preload" as="image"')).toBeLessThan(Math.min(head.indexOf('<script'), head.indexOf('<title')));
  });

  it('renders the article whole, sanitized, with its status; a missing article is a 404; a search’s page carries its results', async () => {
    const story = await createArticle(em, {
      title: 'Payload "><img src=x onerror=alert(1)><script>alert(2)</script>',
      content: '<p>Opening words.</p><script>alert(3)</script><img src=x onerror=alert(4)><p>Closing words of the story.</p>',
      imageUrl: '/media/covers/payload.svg',
    });
    const response = await get(`/article/${story.slug}`);
    expect(response.statusCode).toBe(200);
    const root = new RegExp(`<div id="root">([\\s\\S]*)</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`).exec(response.body)![1]!;
    expect(root).toContain('Payload &quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(root).toContain('<p>Opening words.</p>');
    expect(root).toContain('<p>Closing words of the story.</p>');
    expect(root).not.toMatch(/<script|onerror=alert\(4\)/);
    expect(queries(response.body).map((q) => q.key[0])).toEqual(expect.arrayContaining(['articles', 'comments']));
    expect(preloads(response.body)).toContainEqual('<link rel="preload" as="image" href="/media/covers/payload.svg" fetchpriority="high">');

    const missing = await get('/article/no-such-story');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Article Not Found');
    // A search's page carries its results (the header's search form works without JavaScript).
    const search = await get('/?search=ports');
    expect(queries(search.body).map((q) => q.key[0])).toEqual(['articles']);
  });

  it('puts the site’s styles in the page and preloads no script the page does not need to paint, never admin code', async () => {
    const html = (await get('/about')).body;
    expect(html).toContain('<style data-href="static/css/async/app.7.css">.site{color:#222}</style>');
    // A stylesheet the build does not have on disk is linked instead.
    expect(html).toContain('<link rel="stylesheet" href="/remotes/public/static/css/async/grid.8.css">');
    expect(preloads(html).filter((link) => !link.includes('as="image"'))).toEqual([]);
    // The scripts it hydrates on are listed for the entry loader, which requests them all at once
    // once the page has painted (no waterfall of discoveries), and no admin code among them.
    const afterPaint = /<script type="application\/json" id="ai-mind-after-paint">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(afterPaint![1]!)).toEqual({
      fetches: ['/remotes/public/mf-manifest.json'],
      styles: [],
      scripts: [
        '/static/js/async/react.1.js',
        '/static/js/async/react-dom.2.js',
        '/remotes/public/static/js/public_app.4.js',
        '/remotes/public/static/js/async/app.5.js',
      ],
      // Each route's own page chunk, which the loader picks by the page's path.
      pages: expect.arrayContaining([
        ['/', ['/remotes/public/static/js/async/page-home.9.js']],
        ['/about', []],
        ['*', ['/remotes/public/static/js/async/page-not-found.10.js']],
      ]),
    });
    // The admin app's page carries none of the public site's styles or scripts.
    const admin = (await get('/admin')).body;
    expect(preloads(admin)).toEqual([]);
    expect(admin).not.toContain('<style data-href');
    expect(admin).not.toContain('ai-mind-after-paint');
    expect(pageData(admin)).toBeNull();
    expect(admin).toContain('<div id="root"></div>');
  });

  it('renders a page once per change: cached with the articles, rendered again after an article changes', async () => {
    const story = await createArticle(em, { title: 'Cached Page Story' });
    // The write's own change notice reaches the cache asynchronously: wait until the page settles.
    let first = await get(`/article/${story.slug}`);
    for (let tries = 0; tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await get(`/article/${story.slug}`);
      if (again.headers.etag === first.headers.etag) break;
      first = again;
    }
    // Rendered once: every later request is the same page, compressed once, with the same ETag.
    for (let i = 0; i < 3; i++) expect((await get(`/article/${story.slug}`)).headers.etag).toBe(first.headers.etag);
    const notModified = await app.inject({ method: 'GET', url: `/article/${story.slug}`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    await em.getConnection().execute('update article set title = ? where id = ?', ['Cached Page Story, Revised', story.id]);
    await app.get(ArticlesCacheService).invalidate();
    const changed = await get(`/article/${story.slug}`);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.body).toContain('Cached Page Story, Revised');
  });

  it('answers a rendered page from prepared bytes before Fastify and Nest run, with the same headers, until the content changes; the same to any host', async () => {
    const pages = app.get(PagesService);
    const renders = jest.spyOn(pages, 'renderPage');
    // Prepared answers are written by the HTTP server itself: only a real request reaches them.
    await app.listen(0, '127.0.0.1');
    const origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const send = (options: { method: string; url: string; headers?: Record<string, string> }) => requestOverSocket(origin, options);
    try {
      const headers = { 'accept-encoding': 'gzip, br' };
      // The page settles once this process has heard of every earlier write (the cache is on from then)
      // and the compression thread has made its strongest forms.
      let first = await send({ method: 'GET', url: '/inspiring', headers });
      for (let tries = 0; tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const before = renders.mock.calls.length;
        const compressing = strongestCompression.queued > 0;
        const next = await send({ method: 'GET', url: '/inspiring', headers });
        const settled = renders.mock.calls.length === before && !compressing && next.rawPayload.equals(first.rawPayload);
        first = next;
        if (settled) break;
      }
      const rendered = renders.mock.calls.length;
      const again = await send({ method: 'GET', url: '/inspiring', headers });
      expect(renders.mock.calls.length).toBe(rendered);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const comparable = (h: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(h).filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name)));
      expect(comparable(again.headers)).toEqual(comparable(first.headers));
      expect(again.headers['x-request-id']).toBeTruthy();
      expect(again.headers['content-encoding']).toBe('br');
      // Kept because the pages' route declares prepared answers (web-assets.ts); the admin app's shell never is.
      const kept = app.get(PreparedResponseCache);
      const entryFor = (url: string) => kept.find({ method: 'GET', url, headers: {} } as IncomingMessage);
      expect(entryFor('/inspiring')?.cacheControl).toBe('public, max-age=0, s-maxage=3600');

      // Another host (or forwarded host and protocol) is the same page from the same prepared entry:
      // nothing is rendered for it, and it names the configured origin.
      const others: Record<string, string>[] = [
        { host: 'mirror.example' },
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        { 'x-forwarded-proto': 'https' },
      ];
      for (const other of others) {
        const elsewhere = await send({ method: 'GET', url: '/inspiring', headers: { ...headers, ...other } });
        expect(elsewhere.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      expect(renders.mock.calls.length).toBe(rendered);
      const text = brotliDecompressSync(first.rawPayload).toString('utf8');
      expect(text).toContain(`<link rel="canonical" href="${SITE}/inspiring" data-seo>`);
      expect(text).not.toMatch(/mirror\.example|evil\.example|undefined/);

      await app.get(ArticlesCacheService).invalidate();
      await send({ method: 'GET', url: '/inspiring', headers });
      expect(renders.mock.calls.length).toBe(rendered + 1);
      await send({ method: 'GET', url: '/admin', headers });
      expect(entryFor('/admin')).toBeUndefined();
    } finally {
      renders.mockRestore();
    }
  });

  it("says Vary: Accept on an article's page, first rendered and when answered prepared: its address also answers the fediverse", async () => {
    const article = await createArticle(em, { title: `Varies by Accept ${uniqueSuffix()}` });
    const url = articleCanonicalPath(article);
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
      expect([response.statusCode, response.headers.vary]).toEqual([200, 'accept-encoding, accept']);
    }
    const object = await app.inject({ method: 'GET', url, headers: { accept: 'application/activity+json' } });
    expect([object.statusCode, String(object.headers.vary).toLowerCase()]).toEqual([200, 'accept']);
  });

  it('names no ActivityPub actor or object when the site is none (FEDIVERSE_ENABLED=false), and tells the client so', async () => {
    const article = await createArticle(em, { title: 'A Story Of No Actor' });
    const actorLink = `<link rel="alternate" type="application/activity+json"`;
    expect((await get('/')).body).toContain(actorLink);
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeBuildWithManifests(distRoot);
    const off = await createApiApp(
      testConfig({
        SERVE_WEB: 'true',
        WEB_DIST_ROOT: distRoot,
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        PUBLIC_URL: SITE,
        FEDIVERSE_ENABLED: 'false',
      }),
    );
    try {
      for (const url of ['/', articleCanonicalPath(article)]) {
        const page = await off.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain(actorLink);
        expect(pageData(page.body)?.activityPub).toBe(false);
      }
    } finally {
      await off.close();
    }
    expect(pageData((await get('/')).body)?.activityPub).toBeUndefined();
  });

  it('compresses the page once for browsers that accept it', async () => {
    const response = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toContain('About The AI Mind');
    const gzip = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('writes no script the browser would run inline: every script element has a src or is a data block', async () => {
    const story = await createArticle(em, { title: 'Inline Script Check' });
    for (const url of ['/', `/article/${story.slug}`, '/about', '/admin', '/no/such/page']) {
      const scripts = [...(await get(url)).body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="|type="application\/(?:json|ld\+json)"/);
    }
  });
});
