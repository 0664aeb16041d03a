import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { createApiApp } from '../../src/app/create-api-app.js';
import { REDIS } from '../../src/common/redis.token.js';
import { Article } from '../../src/modules/articles/article.entity.js';
import { AdminUsersService } from '../../src/modules/auth/admin-users.service.js';
import { createArticle } from '../support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from '../support/admin-session.js';
import { testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally, randomIp } from './attack-tally.js';

const EVIL = 'https://evil.example';
const tally = attackTally('access');

/** The session's Redis key, as SessionService names it (a hash of the token). */
const sessionKey = (admin: SignedInAdmin) => `ai-mind:session:${createHash('sha256').update(admin.cookie.split('=')[1]!).digest('hex')}`;

describe('attacks on access: sessions, cookies, CSRF and sign-in lockout', () => {
  let app: NestFastifyApplication;
  let redis: Redis;

  beforeAll(async () => {
    // A short window for the username's sign-in rate, so a test can wait it out.
    app = await createApiApp(testConfig({ LOGIN_USERNAME_WINDOW_SECONDS: '2' }));
    redis = app.get<Redis>(REDIS);
  });
  afterAll(() => app.close());

  /** Every admin route of the running app (the queue dashboard's included), so routes added later are attacked too. */
  function adminRoutes() {
    return app
      .getHttpAdapter()
      .getInstance()
      .registeredRoutes.filter((route) => route.access === 'admin' && !['HEAD', 'OPTIONS'].includes(route.method))
      .map((route) => ({ method: route.method as 'GET', url: route.url.replace(/\*$/, 'x').replace(/:(\w+)/g, '1') }));
  }

  /** Attacks every admin route with these headers; each route must answer 401 with the JSON body. */
  async function attackEveryRoute(headers: Record<string, string>) {
    const refused: string[] = [];
    for (const route of adminRoutes()) {
      const response = await app.inject({ ...route, headers, payload: route.method === 'GET' ? undefined : {} });
      const held = tally.attempt(response.statusCode === 401 && response.json().message === 'Sign in to use the admin panel.');
      refused.push(`${route.method} ${route.url} ${held ? 'refused' : `LET THROUGH ${response.statusCode}`}`);
    }
    expect(refused.filter((line) => !line.endsWith('refused'))).toEqual([]);
    return refused;
  }

  it('covers the queue dashboard and every admin API route', () => {
    const routes = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(expect.arrayContaining(['GET /api/admin/queues', 'GET /api/admin/queues/api/queues', 'PUT /api/admin/queues/api/queues/1/retry/1', 'POST /api/admin/approve-topic']));
  });

  it('refuses anonymous callers and forged session cookies on every admin route', async () => {
    await attackEveryRoute({});
    await attackEveryRoute({ cookie: `ai_mind_admin=${'A'.repeat(43)}` });
    await attackEveryRoute({ cookie: `ai_mind_admin=${'x'.repeat(5000)}` });
  });

  it('refuses a session whose idle time ran out in Redis', async () => {
    const admin = await signInAdmin(app);
    await redis.pexpire(sessionKey(admin), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await attackEveryRoute(admin.headers);
  });

  it('refuses a session past its absolute lifetime, even while it is still in Redis', async () => {
    const admin = await signInAdmin(app);
    const stored = JSON.parse((await redis.get(sessionKey(admin)))!) as { createdAt: number };
    await redis.set(sessionKey(admin), JSON.stringify({ ...stored, createdAt: Date.now() - 25 * 3600 * 1000 }), 'EX', 600);
    await attackEveryRoute(admin.headers);
  });

  it('issues a new session id at sign-in, so a planted (fixated) id is worthless', async () => {
    const planted = `ai_mind_admin=${'P'.repeat(43)}`;
    const username = `fixation-${uniqueSuffix()}`;
    await app.get(AdminUsersService).upsert(username, 'a-long-test-password');
    const login = await app.inject({ method: 'POST', url: '/api/admin/login', headers: { cookie: planted }, payload: { username, password: 'a-long-test-password' } });
    const issued = login.cookies.find((c) => c.name === 'ai_mind_admin')!.value;
    expect(tally.attempt(issued !== 'P'.repeat(43))).toBe(true);
    const withPlanted = await app.inject({ method: 'GET', url: '/api/admin/articles', headers: { cookie: planted } });
    expect(tally.attempt(withPlanted.statusCode === 401)).toBe(true);
  });

  describe('CSRF from another site', () => {
    let admin: SignedInAdmin;
    let draftId: number;
    beforeAll(async () => {
      admin = await signInAdmin(app);
      draftId = (await createArticle(app.get(EntityManager), { approved: false })).id;
    });

    const stillDraft = async () => !(await app.get(EntityManager).fork().findOneOrFail(Article, draftId)).approved;

    it.each([
      ['a form POST with a text/plain body', { 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site' }, (id: number) => `{"blogId":${id}}`],
      ['a form POST with an urlencoded body', { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL, 'sec-fetch-site': 'cross-site' }, (id: number) => `blogId=${id}`],
      ['a JSON POST without the token', { 'content-type': 'application/json', origin: EVIL }, (id: number) => JSON.stringify({ blogId: id })],
    ])('refuses %s carrying the session cookie', async (_name, headers, body) => {
      const response = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: { cookie: admin.cookie, ...headers }, payload: body(draftId) });
      expect(tally.attempt([403, 415].includes(response.statusCode) && (await stillDraft()))).toBe(true);
    });

    it('refuses a JSON POST from another origin even with a leaked token', async () => {
      for (const headers of [{ origin: EVIL }, { origin: EVIL, 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }]) {
        const response = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: { ...admin.headers, ...headers }, payload: { blogId: draftId } });
        expect(tally.attempt(response.statusCode === 403 && response.json().message === 'Cross-site request refused.' && (await stillDraft()))).toBe(true);
      }
    });

    it('refuses signing in or out from another site (login CSRF)', async () => {
      for (const url of ['/api/admin/login', '/api/admin/logout']) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', cookie: admin.cookie },
          payload: { username: admin.username, password: 'a-long-test-password' },
        });
        expect(tally.attempt(response.statusCode === 403)).toBe(true);
      }
      expect((await app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie: admin.cookie } })).json()).toMatchObject({ authenticated: true });
    });

    it('lets the site itself through', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: { ...admin.headers, origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' }, payload: { blogId: draftId } });
      expect(response.statusCode).toBe(200);
    });
  });

  it('holds the sign-in lockout under a parallel burst of guesses from one address', async () => {
    const admin = await signInAdmin(app);
    const ip = randomIp();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: `guess-${i}` }, remoteAddress: ip })),
    );
    const checked = guesses.filter((r) => r.statusCode === 401).length;
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(30 - checked);
    // Only the configured number of passwords was ever tried; the rest were refused unchecked.
    expect(tally.attempt(checked <= 5)).toBe(true);
    const locked = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: 'a-long-test-password' }, remoteAddress: ip });
    expect(tally.attempt(locked.statusCode === 429)).toBe(true);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bounds parallel guesses on one username from 50 addresses as a rate, and cannot lock the editor out', async () => {
    const admin = await signInAdmin(app);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: `guess-${i}` }, remoteAddress: randomIp() })),
    );
    // Only the username's checks per window were tried (10 per 2 s; the admin's own sign-in just now may
    // have been one of them), the rest refused unchecked; none got in.
    const checked = guesses.filter((r) => r.statusCode === 401).length;
    expect(tally.attempt(checked <= 10 && guesses.every((r) => [401, 429].includes(r.statusCode)))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const editor = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: 'a-long-test-password' }, remoteAddress: randomIp() });
    expect(tally.attempt(editor.statusCode === 200)).toBe(true);
  });
});
