import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fs from 'node:fs';
import path from 'node:path';
import { createApiApp } from '../src/app/create-api-app.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

describe('serving the built frontends', () => {
  let app: NestFastifyApplication;
  let mediaDir: string;

  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    const config = testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot });
    mediaDir = config.images.mediaDir;
    app = await createApiApp(config);
  });
  afterAll(() => app.close());

  const SHARED = 'public, max-age=0, s-maxage=3600';
  // The home page and the category pages show counts no like purges: kept a short while (LISTED_COUNTS_MAX_AGE_SECONDS).
  const SHARED_LIST = 'public, max-age=0, s-maxage=60';
  it.each([
    ['/', 200, SHARED_LIST],
    ['/category/Technology', 200, SHARED_LIST],
    ['/about', 200, SHARED],
    // The admin app's shell is nobody else's.
    ['/admin', 200, 'private, no-store'],
    ['/admin/anything', 200, 'private, no-store'],
    // Unknown pages still get the app (it shows its not-found page), with a status crawlers understand.
    ['/article/some-story', 404, 'no-cache'],
    ['/technology/article/some-story', 404, 'no-cache'],
    ['/no/such/page', 404, 'no-cache'],
  ])('answers the client route %s with the shell HTML (status %i), kept by a shared cache only as a public page', async (url, status, cacheControl) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe(cacheControl);
    // Surrogate keys name what a kept page shows; nothing else names any.
    const shared = cacheControl === SHARED || cacheControl === SHARED_LIST;
    expect(response.headers['surrogate-key'] === undefined).toBe(!shared);
    expect(response.headers['surrogate-control'] === undefined).toBe(!shared);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves the site icon, also where browsers look for it by habit', async () => {
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.body).toContain('<svg');
    }
  });

  it('serves hashed bundles with long immutable caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/static/js/index.1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves remote manifests uncached and readable from other origins', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes/public/mf-manifest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/public/static/js/async/page.9f8e.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/remotes/admin/remoteEntry.js' })).statusCode).toBe(200);
  });

  it('answers a missing asset with 404, not the shell', async () => {
    for (const url of ['/static/js/missing.js', '/remotes/public/nope.js', '/media/none.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/definitely/not/here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found', message: 'Cannot GET /api/definitely/not/here' });
  });

  it('serves media files with a day of caching', async () => {
    fs.mkdirSync(path.join(mediaDir, 'covers'), { recursive: true });
    fs.writeFileSync(path.join(mediaDir, 'covers/x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const response = await app.inject({ method: 'GET', url: '/media/covers/x.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('keeps API routes working beside the client-route fallback', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/articles?approved=true' });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });
});
