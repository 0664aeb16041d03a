import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@ai-mind/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { freePort, startRedis } from '../../scripts/lib/services.mjs';
import { createApiApp } from '../src/app/create-api-app.js';
import { ArticlesCacheService } from '../src/modules/articles/articles-cache.service.js';
import { createArticle } from './support/article-factory.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

/** Built apps as the bundler lays them out, with the manifests module federation writes. */
function writeBuildWithManifests(root: string): void {
  const shared = (name: string, file: string) => ({ name, assets: { js: { sync: [file], async: [] }, css: { sync: [], async: [] } } });
  const files: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>The AI Mind</title><script defer src="/static/js/index.1a2b.js"></script></head><body><div id="root"></div></body></html>',
    'shell/dist/mf-manifest.json': JSON.stringify({
      shared: [shared('react', 'static/js/async/react.1.js'), shared('react-dom', 'static/js/async/react-dom.2.js'), shared('@mantine/core', 'static/js/async/mantine.3.js')],
    }),
    'public-site/dist/mf-manifest.json': JSON.stringify({
      metaData: { remoteEntry: { path: '', name: 'static/js/public_app.4.js' } },
      shared: [],
      exposes: [{ path: './App', assets: { js: { sync: ['static/js/async/app.5.js'], async: ['static/js/async/chat.6.js'] }, css: { sync: ['static/css/async/app.7.css'], async: [] } } }],
    }),
  };
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
}

function pageData(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : null;
}

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
    app = await createApiApp(testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, DATABASE_URL: database.url, REDIS_URL: redis.url }));
    em = app.get(EntityManager);
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), redis.stop()]);
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('embeds the home page’s first page of articles, as the API lists them, and preloads the newest card’s image', async () => {
    const older = await createArticle(em, { title: 'Older Story About Grids', imageUrl: '/media/covers/older.svg' });
    const newer = await createArticle(em, { title: 'Newer Story </script><script>alert(1)</script>', imageUrl: '/media/articles/9/vab12-1200x630.webp' });

    const html = (await get('/')).body;
    const data = pageData(html)!;
    const api = (await get('/api/articles?approved=true')).json<{ id: number }[]>();
    expect(data.articles!.items.map((a) => a.id)).toEqual(api.map((a) => a.id));
    expect(data.articles!.items.map((a) => a.id)).toEqual([newer.id, older.id]);
    expect(data.articles!.items[0]!.title).toBe('Newer Story </script><script>alert(1)</script>');
    expect(data.articles!.nextCursor).toBeNull();
    expect(html).not.toContain('<script>alert');
    expect(preloads(html)).toContainEqual(
      '<link rel="preload" as="image" href="/media/articles/9/vab12-1200x630.webp" imagesrcset="/media/articles/9/vab12-600x315.webp 600w, /media/articles/9/vab12-1200x630.webp 1200w" imagesizes="(min-width: 75em) 25vw, (min-width: 48em) 40vw, 100vw" fetchpriority="high">',
    );
  });

  it('embeds the article on its page and preloads its image; a search leaves the list to the client', async () => {
    const story = await createArticle(em, { title: 'Ports Automate Their Cranes', imageUrl: '/media/covers/ports.svg' });
    const html = (await get(`/article/${story.slug}`)).body;
    expect(pageData(html)).toEqual({ article: expect.objectContaining({ id: story.id, slug: story.slug, title: story.title, content: story.content }) });
    expect(preloads(html)).toContainEqual('<link rel="preload" as="image" href="/media/covers/ports.svg" fetchpriority="high">');

    expect(pageData((await get('/?search=ports')).body)).toBeNull();
    expect(pageData((await get('/article/no-such-story')).body)).toBeNull();
  });

  it('preloads the public site’s entry, app chunks and styles and the shell’s React, never admin or unused shared code', async () => {
    const links = preloads((await get('/about')).body).filter((link) => !link.includes('as="image"'));
    expect(links).toEqual([
      '<link rel="preload" as="script" href="/static/js/async/react.1.js">',
      '<link rel="preload" as="script" href="/static/js/async/react-dom.2.js">',
      '<link rel="preload" as="fetch" href="/remotes/public/mf-manifest.json" crossorigin="anonymous">',
      '<link rel="preload" as="script" href="/remotes/public/static/js/public_app.4.js">',
      '<link rel="preload" as="script" href="/remotes/public/static/js/async/app.5.js">',
      '<link rel="preload" as="style" href="/remotes/public/static/css/async/app.7.css">',
    ]);
    const admin = (await get('/admin')).body;
    expect(preloads(admin)).toEqual([]);
    expect(pageData(admin)).toBeNull();
  });

  it('writes the visible top of the page into the root element, stored text inert, and then fetches scripts at low priority', async () => {
    const hostile = await createArticle(em, {
      title: 'Payload "><img src=x onerror=alert(1)><script>alert(2)</script>',
      content: '<p>Opening words.</p><script>alert(3)</script><img src=x onerror=alert(4)>',
      imageUrl: '/media/covers/payload.svg',
    });
    // Written straight to the database: drop the lists cached by the tests before.
    await app.get(ArticlesCacheService).invalidate();
    const escapedTitle = 'Payload &quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;';
    for (const url of ['/', `/article/${hostile.slug}`]) {
      const response = await get(url);
      const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(response.body)![1]!;
      expect(root).toContain('<a class="fv-logo" href="/">The AI Mind</a>');
      expect(root).toContain(escapedTitle);
      expect(root).not.toMatch(/<script|<img src=x|onerror=alert\(4\)/);
      expect(response.body).toMatch(/<style data-first-view>[^<]+<\/style>/);
      const links = preloads(response.body).filter((link) => !link.includes('as="image"'));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toContain('fetchpriority="low"');
      expect(links.filter((link) => link.includes('as="style"'))).toEqual([]);
    }
    expect((await get(`/article/${hostile.slug}`)).body).toContain('<p class="fv-opening">Opening words.');
    // Pages the server has no first data for are left to the app, as before.
    expect((await get('/about')).body).toContain('<div id="root"></div>');
  });

  it('compresses the page for browsers that accept it', async () => {
    const response = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toContain('<div id="root"></div>');
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
