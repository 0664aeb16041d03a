import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { createApiApp } from '../../src/app/create-api-app.js';
import { REDIS } from '../../src/common/redis.token.js';
import { Article } from '../../src/modules/articles/index.js';
import { PeopleService } from '../../src/modules/people/index.js';
import { createArticle } from '../support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from '../support/admin-session.js';
import { roleMay, ROLES, type Permission, type Role } from '../../src/modules/auth/permissions.js';
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
      .map((route) => ({ method: route.method as 'GET', url: route.url.replace(/\*$/, 'x').replace(/:(\w+)/g, '1'), permission: route.permission }));
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
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/queues',
        'GET /api/admin/queues/api/queues',
        'PUT /api/admin/queues/api/queues/1/retry/1',
        'POST /api/admin/approve-topic',
      ]),
    );
  });

  /** What the role table says of a role and a route's declaration (none: owners only). */
  const mayCall = (role: Role, needed: Permission | 'owner-only') => (needed === 'owner-only' ? role === 'owner' : roleMay(role, needed));

  it('declares every admin route to the role table, and lets some role other than the owner use some of them', () => {
    const routes = adminRoutes();
    expect(routes.filter((route) => route.permission !== 'owner-only' && !roleMay('owner', route.permission))).toEqual([]);
    expect(routes.filter((route) => mayCall('writer', route.permission)).length).toBeGreaterThan(0);
    expect(routes.filter((route) => !mayCall('editor', route.permission)).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/queues', 'POST /api/admin/force-recovery', 'GET /api/admin/audit-log']),
    );
  });

  it.each(ROLES)('answers every admin route as the role table says to a signed-in %s: 403 naming what is missing, else past the gate', async (role) => {
    const member = await signInAdmin(app, 'a-long-test-password', role);
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      // Without the CSRF token a change the role may make stops at the CSRF check, after the role's:
      // the gate's own answer shows the permission passed, and nothing changes. A read runs for real.
      const answer = app.inject({ ...route, headers: { cookie: member.cookie }, payload: route.method === 'GET' ? undefined : {} });
      // The gate answers at once; a stream the gate let through (the live events) stays open until the app closes.
      const response = await Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000))]);
      if (!response) {
        if (!mayCall(role, route.permission)) wrong.push(`${route.method} ${route.url} (${route.permission}) as ${role}: streamed`);
        continue;
      }
      const body = response.headers['content-type']?.toString().includes('json') ? (response.json() as { message?: string }) : {};
      const allowed = mayCall(role, route.permission);
      const held = allowed
        ? route.method === 'GET'
          ? ![401, 403].includes(response.statusCode)
          : response.statusCode === 403 && body.message === 'Missing or invalid CSRF token.'
        : response.statusCode === 403 && body.message!.includes(route.permission === 'owner-only' ? 'owner' : route.permission) && body.message!.includes(role);
      if (!allowed) tally.attempt(held);
      if (!held) wrong.push(`${route.method} ${route.url} (${route.permission}) as ${role}: ${response.statusCode} ${body.message ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a role what it may not do even with the CSRF token, audits the refusal, and changes nothing', async () => {
    const writer = await signInAdmin(app, 'a-long-test-password', 'writer');
    const draft = await createArticle(app.get(EntityManager), { approved: false });
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/approve-blog',
      headers: { ...writer.headers, 'x-request-id': `role-${writer.username}` },
      payload: { blogId: draft.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Forbidden', message: 'Your role (writer) lacks the permission this needs: articles.publish.' });
    expect(tally.attempt(!(await app.get(EntityManager).fork().findOneOrFail(Article, draft.id)).approved)).toBe(true);
    const audited = await app
      .get(EntityManager)
      .getConnection()
      .execute<{ actor: string; status: number }[]>('select actor, status from audit_log where request_id = ?', [`role-${writer.username}`]);
    expect(audited).toEqual([{ actor: writer.username, status: 403 }]);
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
    await app.get(PeopleService).saveAccount({ username, password: 'a-long-test-password', role: 'owner' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { cookie: planted },
      payload: { username, password: 'a-long-test-password' },
    });
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
      [
        'a form POST with a text/plain body',
        { 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site' },
        (id: number) => `{"blogId":${id}}`,
      ],
      [
        'a form POST with an urlencoded body',
        { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL, 'sec-fetch-site': 'cross-site' },
        (id: number) => `blogId=${id}`,
      ],
      ['a JSON POST without the token', { 'content-type': 'application/json', origin: EVIL }, (id: number) => JSON.stringify({ blogId: id })],
    ])('refuses %s carrying the session cookie', async (_name, headers, body) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/approve-blog',
        headers: { cookie: admin.cookie, ...headers },
        payload: body(draftId),
      });
      expect(tally.attempt([403, 415].includes(response.statusCode) && (await stillDraft()))).toBe(true);
    });

    it('refuses a JSON POST from another origin even with a leaked token', async () => {
      for (const headers of [{ origin: EVIL }, { origin: EVIL, 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'null' }]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/admin/approve-blog',
          headers: { ...admin.headers, ...headers },
          payload: { blogId: draftId },
        });
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
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/approve-blog',
        headers: { ...admin.headers, origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
        payload: { blogId: draftId },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  it('holds the sign-in lockout under a parallel burst of guesses from one address', async () => {
    const admin = await signInAdmin(app);
    const ip = randomIp();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: `guess-${i}` }, remoteAddress: ip }),
      ),
    );
    const checked = guesses.filter((r) => r.statusCode === 401).length;
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(30 - checked);
    // Only the configured number of passwords was ever tried; the rest were refused unchecked.
    expect(tally.attempt(checked <= 5)).toBe(true);
    const locked = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: 'a-long-test-password' },
      remoteAddress: ip,
    });
    expect(tally.attempt(locked.statusCode === 429)).toBe(true);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bounds parallel guesses on one username from 50 addresses as a rate, and cannot lock the editor out', async () => {
    const admin = await signInAdmin(app);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: `guess-${i}` }, remoteAddress: randomIp() }),
      ),
    );
    // Only the username's checks per window were tried (10 per 2 s; the admin's own sign-in just now may
    // have been one of them), the rest refused unchecked; none got in.
    const checked = guesses.filter((r) => r.statusCode === 401).length;
    expect(tally.attempt(checked <= 10 && guesses.every((r) => [401, 429].includes(r.statusCode)))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const editor = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: 'a-long-test-password' },
      remoteAddress: randomIp(),
    });
    expect(tally.attempt(editor.statusCode === 200)).toBe(true);
  });
});
