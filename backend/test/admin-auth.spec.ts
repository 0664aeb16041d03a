import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { api } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { AuditLog } from '../src/modules/admin/index.js';
import { PeopleService } from '../src/modules/people/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin } from './support/admin-session.js';
import { configOf, testConfig, uniqueSuffix } from './support/test-config.js';

describe('admin sign-in and server-enforced admin rights', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    // A short window for the username's sign-in rate, so a test can wait it out. No worker runs here, so the
    // routes that wait on a job's result (checking the sources, refreshing the feeds) answer 504 after their
    // wait: a short one, or those two alone take 50 s.
    app = await createApiApp(testConfig({ LOGIN_USERNAME_WINDOW_SECONDS: '2', JOB_WAIT_TIMEOUT_MS: '500', TRENDING_REFRESH_WAIT_MS: '500' }));
  });
  afterAll(() => app.close());

  /** Every admin route the app has, found from the running app, so a route added later is covered too. */
  function adminRoutes() {
    return app
      .getHttpAdapter()
      .getInstance()
      .registeredRoutes.filter((route) => route.access === 'admin' && route.method !== 'HEAD')
      .map((route) => ({ method: route.method as 'GET', url: route.url.replace(/:(\w+)/g, '1') }));
  }

  it('finds the admin routes to check', () => {
    const routes = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/admin/articles', 'POST /api/admin/approve-blog', 'PUT /api/admin/blogs/1', 'GET /api/admin/contact-submissions']),
    );
  });

  it('refuses every admin route without a session, with a JSON 401', async () => {
    for (const route of adminRoutes()) {
      const response = await app.inject({ ...route, payload: route.method === 'GET' ? undefined : {} });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      expect(response.json()).toEqual({ error: 'Unauthorized', message: 'Sign in to use the admin panel.' });
    }
  });

  it('refuses a session that has ended', async () => {
    const admin = await signInAdmin(app);
    await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: admin.cookie } });
    for (const route of adminRoutes()) {
      const response = await app.inject({ ...route, headers: admin.headers, payload: route.method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(401);
    }
  });

  it('lets a signed-in admin through every admin route', async () => {
    const admin = await signInAdmin(app);
    // The live event stream never ends, so an injected call would wait for ever: admin-events.spec.ts opens it on a real port.
    for (const route of adminRoutes().filter((r) => r.url !== api.admin.liveEvents.path)) {
      const response = await app.inject({ ...route, headers: admin.headers, payload: route.method === 'GET' ? undefined : {} });
      expect({ route: `${route.method} ${route.url}`, refused: [401, 403].includes(response.statusCode) }).toEqual({
        route: `${route.method} ${route.url}`,
        refused: false,
      });
    }
  });

  it('refuses a change without the CSRF token, or with a forged one', async () => {
    const admin = await signInAdmin(app);
    const draft = await createArticle(app.get(EntityManager), { approved: false });
    for (const token of [undefined, 'forged-token']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/approve-blog',
        headers: { cookie: admin.cookie, ...(token ? { 'x-csrf-token': token } : {}), origin: 'https://evil.example' },
        payload: { blogId: draft.id },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Missing or invalid CSRF token.');
    }
  });

  it('sets an httpOnly, SameSite session cookie scoped to the API', async () => {
    const username = `cookie-${uniqueSuffix()}`;
    await app.get(PeopleService).saveAccount({ username, password: 'pw-for-cookie-test', role: 'owner' });
    const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password: 'pw-for-cookie-test' } });
    const cookie = response.cookies.find((c) => c.name === 'ai_mind_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie.secure).toBeFalsy();
    expect(response.json()).toMatchObject({ authenticated: true, username });
  });

  it('issues a new session id at every sign-in and ends the old one', async () => {
    const admin = await signInAdmin(app);
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { cookie: admin.cookie },
      payload: { username: admin.username, password: 'a-long-test-password' },
    });
    const newCookie = again.cookies.find((c) => c.name === 'ai_mind_admin')!;
    expect(`ai_mind_admin=${newCookie.value}`).not.toBe(admin.cookie);
    expect((await app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie: admin.cookie } })).json()).toEqual({ authenticated: false });
    expect((await app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie: `ai_mind_admin=${newCookie.value}` } })).json()).toMatchObject({
      authenticated: true,
      username: admin.username,
    });
  });

  it('answers wrong credentials with the same message whether or not the user exists', async () => {
    const admin = await signInAdmin(app);
    for (const username of [admin.username, `nobody-${uniqueSuffix()}`]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username, password: 'wrong' },
        remoteAddress: `10.1.0.${Math.floor(Math.random() * 250)}`,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Unauthorized', message: 'Invalid username or password' });
    }
  });

  it('requires username and password, with field messages', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Invalid input: expected string, received undefined' },
    ]);
  });

  it('does not lock the editor out: 50 wrong passwords from 50 addresses, then the right one from a new address signs in once the window passes', async () => {
    const admin = await signInAdmin(app);
    const { checks, windowSeconds } = configOf(app).auth.loginUsernameRate;
    const wrong = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: admin.username, password: `wrong-${i}` },
          remoteAddress: `10.2.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        }),
      ),
    );
    // Guessing in parallel is bounded as a rate: the username's checks per window, the rest refused unchecked.
    // (The admin's own sign-in just now may have been one of this window's checks.)
    const checked = wrong.filter((r) => r.statusCode === 401).length;
    expect(checked === checks || checked === checks - 1).toBe(true);
    const refused = wrong.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(50 - checked);
    expect(refused.every((r) => Number(r.headers['retry-after']) >= 1 && Number(r.headers['retry-after']) <= windowSeconds)).toBe(true);
    expect(refused[0]!.json().message).toMatch(
      /^This username has had all the sign-in attempts it allows for now\. Try again in \d+ seconds, or sign in with the code we email\.$/,
    );
    await new Promise((resolve) => setTimeout(resolve, windowSeconds * 1000 + 100));
    const started = Date.now();
    const right = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: 'a-long-test-password' },
      remoteAddress: '10.2.250.1',
    });
    expect(right.statusCode).toBe(200);
    // Slowed, not locked: the username under attack waits before its password is checked.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('refuses the 6th wrong try from one address, and then the right password from that address too', async () => {
    const admin = await signInAdmin(app);
    const ip = `10.4.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < 5; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: 'wrong' },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(401);
    }
    const sixth = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: 'wrong' }, remoteAddress: ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in (5\d|60) seconds\.$/);
    const locked = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: 'a-long-test-password' },
      remoteAddress: ip,
    });
    expect(locked.statusCode).toBe(429);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: 'a-long-test-password' },
      remoteAddress: '10.4.251.1',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('locks an address out after repeated failures across usernames', async () => {
    const ip = `10.3.${Math.floor(Math.random() * 250)}.9`;
    for (let i = 0; i < 20; i += 1) {
      await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: `guess-${uniqueSuffix()}`, password: 'x' }, remoteAddress: ip });
    }
    const admin = await signInAdmin(app);
    const locked = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: 'a-long-test-password' },
      remoteAddress: ip,
    });
    expect(locked.statusCode).toBe(429);
  });

  it('writes admin changes to the audit log, with who did it', async () => {
    const admin = await signInAdmin(app);
    const draft = await createArticle(app.get(EntityManager), { approved: false });
    await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: draft.id } });
    await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: 'abc' } });

    const rows = await app
      .get(EntityManager)
      .fork()
      .find(AuditLog, { actor: admin.username, action: 'POST /api/admin/approve-blog' }, { orderBy: { id: 'asc' } });
    expect(rows.map((r) => ({ targetId: r.targetId, status: r.status }))).toEqual([
      { targetId: String(draft.id), status: 200 },
      { targetId: 'abc', status: 400 },
    ]);
  });

  describe('with the username rate’s default window (a minute)', () => {
    let steady: NestFastifyApplication;
    beforeAll(async () => {
      steady = await createApiApp(testConfig());
    });
    afterAll(() => steady.close());

    it('lets the editor’s own browser (one that signed in before) in at once while the username’s rate is full', async () => {
      const admin = await signInAdmin(steady);
      const first = await steady.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: 'a-long-test-password' },
        remoteAddress: '10.3.0.1',
      });
      const device = first.cookies.find((c) => c.name === 'ai_mind_device')!;
      expect(device).toMatchObject({ httpOnly: true, path: '/api/admin/login' });
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          steady.inject({
            method: 'POST',
            url: '/api/admin/login',
            payload: { username: admin.username, password: `wrong-${i}` },
            remoteAddress: `10.3.1.${i + 1}`,
          }),
        ),
      );
      const stranger = await steady.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: 'a-long-test-password' },
        remoteAddress: '10.3.2.1',
      });
      expect(stranger.statusCode).toBe(429);
      // From another address too (a phone that moved networks): the browser is what is known.
      const editor = await steady.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: 'a-long-test-password' },
        cookies: { ai_mind_device: device.value },
        remoteAddress: '10.3.3.1',
      });
      expect(editor.statusCode).toBe(200);
      // A device cookie of another username, or a made-up one, does not get past the rate.
      const forged = await steady.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: 'x' },
        cookies: { ai_mind_device: 'A'.repeat(43) },
        remoteAddress: '10.3.4.1',
      });
      expect(forged.statusCode).toBe(429);
    });
  });
});
