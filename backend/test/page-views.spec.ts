import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { PAGE_DATA_ELEMENT_ID, TRAFFIC_SOURCE_MAX, type PageData } from '@ai-mind/contracts';
import path from 'node:path';
import { createApiApp } from '../src/app/create-api-app.js';
import { PageView, PageViewTokens } from '../src/modules/analytics/index.js';
import { createArticle } from './support/article-factory.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

let nextIp = 1;
/** A fresh client address per call, so no test meets another's page-view limit. */
const client = () => `10.42.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

/** The token the server wrote into a page's data block. */
function tokenInPage(html: string): string | undefined {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData).viewToken : undefined;
}

describe('page views count readers of served pages, not scripts', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, PUBLIC_URL: 'https://news.example' }));
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  const view = (body: object, headers: Record<string, string> = {}, on = app) =>
    on.inject({ method: 'POST', url: '/api/analytics/pageview', payload: body, headers, remoteAddress: client() });
  const viewsOf = (pagePath: string) => em.fork().find(PageView, { path: pagePath });

  it('accepts a view with the token of the page the server rendered, and every reader of the cached page alike', async () => {
    const article = await createArticle(em, { title: `Tokens ${uniqueSuffix()}` });
    const pagePath = `/article/${article.slug}`;
    const first = await app.inject({ method: 'GET', url: pagePath });
    expect(first.statusCode).toBe(200);
    const token = tokenInPage(first.body);
    expect(token).toEqual(expect.any(String));
    // The page is cached: the next reader gets the same bytes, token included.
    expect(tokenInPage((await app.inject({ method: 'GET', url: pagePath })).body)).toBe(token);

    for (let reader = 0; reader < 2; reader++) expect((await view({ path: pagePath, source: 'direct', token })).statusCode).toBe(202);
    expect(await viewsOf(pagePath)).toHaveLength(2);
  });

  it('refuses a view without a token, with a token of another page, an expired or a tampered one, and counts none', async () => {
    const tokens = app.get(PageViewTokens);
    const about = tokenInPage((await app.inject({ method: 'GET', url: '/about' })).body)!;
    const pagePath = `/article/forged-${uniqueSuffix()}`;
    const fresh = await tokens.issue(pagePath);
    const expired = await tokens.issue(pagePath, Date.now() - (tokens.lifetimeSeconds + 7200) * 1000);
    const tampered = `${fresh.slice(0, -1)}${fresh.endsWith('A') ? 'B' : 'A'}`;
    const refusals = [{}, { token: about }, { token: expired }, { token: tampered }, { token: 'x'.repeat(20) }];
    for (const forged of refusals) {
      const response = await view({ path: pagePath, source: 'direct', ...forged });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'token', message: expect.any(String) }]);
    }
    expect(await viewsOf(pagePath)).toEqual([]);
    // The same path with its own token is counted: the refusals were the tokens'.
    expect((await view({ path: pagePath, source: 'direct', token: fresh })).statusCode).toBe(202);
    expect(await viewsOf(pagePath)).toHaveLength(1);
  });

  it('answers the token of a page the site opened itself only for a path that is a public page', async () => {
    const article = await createArticle(em, { title: `Navigated ${uniqueSuffix()}` });
    const draft = await createArticle(em, { title: `Draft ${uniqueSuffix()}`, approved: false });
    const tokenFor = (pagePath: string) =>
      app.inject({ method: 'GET', url: `/api/analytics/pageview-token?path=${encodeURIComponent(pagePath)}`, remoteAddress: client() });

    const pagePath = `/article/${article.slug}`;
    const answer = await tokenFor(pagePath);
    expect(answer.statusCode).toBe(200);
    expect((await view({ path: pagePath, source: 'direct', token: answer.json().token })).statusCode).toBe(202);
    expect((await tokenFor('/terms')).statusCode).toBe(200);
    for (const nowhere of [`/article/${draft.slug}`, '/article/no-such-story', '/CALL-555-0100', '/admin']) {
      expect((await tokenFor(nowhere)).statusCode).toBe(404);
    }
  });

  it.each([
    ['CALL 555-0100 evil.example promo', 'other'],
    ['Spring_Sale', 'spring_sale'],
    ['WWW.News.Example.ORG', 'news.example.org'],
    ['www.google.co.uk', 'google'],
    ['newsletter', 'newsletter'],
    ['192.168.1.1', 'other'],
    [`${'a'.repeat(41)}`, 'other'],
  ])('stores the source %j as its bucket %j', async (source, bucket) => {
    const pagePath = `/source-${uniqueSuffix()}`;
    const token = await app.get(PageViewTokens).issue(pagePath);
    expect((await view({ path: pagePath, source, token })).statusCode).toBe(202);
    const [stored] = await viewsOf(pagePath);
    expect(stored!.source).toBe(bucket);
    expect(stored!.source.length).toBeLessThanOrEqual(TRAFFIC_SOURCE_MAX);
  });

  describe('the country', () => {
    const headers = { 'cf-ipcountry': 'KP', 'x-country-code': 'KP', 'accept-language': 'fr-FR,fr;q=0.9' };

    it('ignores every CDN country header when no CDN is said to be in front', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/geo', headers })).json()).toEqual({ country: 'FR' });
      expect((await app.inject({ method: 'GET', url: '/api/geo', headers: { 'cf-ipcountry': 'KP' } })).json()).toEqual({ country: null });
      const pagePath = `/country-${uniqueSuffix()}`;
      expect((await view({ path: pagePath, source: 'direct', token: await app.get(PageViewTokens).issue(pagePath) }, headers)).statusCode).toBe(202);
      expect((await viewsOf(pagePath))[0]!.country).toBe('FR');
    });

    it("reads the operator's TRUSTED_COUNTRY_HEADER, and only that one", async () => {
      const behindCdn = await createApiApp(testConfig({ TRUSTED_COUNTRY_HEADER: 'CF-IPCountry' }));
      try {
        expect((await behindCdn.inject({ method: 'GET', url: '/api/geo', headers })).json()).toEqual({ country: 'KP' });
        const other = { 'x-country-code': 'KP', 'accept-language': 'fr-FR' };
        expect((await behindCdn.inject({ method: 'GET', url: '/api/geo', headers: other })).json()).toEqual({ country: 'FR' });
        const pagePath = `/country-${uniqueSuffix()}`;
        const token = await app.get(PageViewTokens).issue(pagePath);
        expect((await view({ path: pagePath, source: 'direct', token }, { 'cf-ipcountry': 'nz' }, behindCdn)).statusCode).toBe(202);
        expect((await viewsOf(pagePath))[0]!.country).toBe('NZ');
      } finally {
        await behindCdn.close();
      }
    });
  });
});
