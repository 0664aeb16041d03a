import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiApp } from '../../src/app/create-api-app.js';
import { HSTS } from '../../src/common/security-headers.js';
import { signInAdmin } from '../support/admin-session.js';
import { writeFakeBuild } from '../support/fake-web-build.js';
import { testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally } from './attack-tally.js';

const tally = attackTally('headers');

/** The CSP's directives by name. */
function directives(policy: unknown): Record<string, string[]> {
  expect(typeof policy).toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectLockedDownPolicy(policy: unknown) {
  const csp = directives(policy);
  expect(csp['script-src']).toContain("'self'");
  expect(csp['script-src']!.filter((source) => source.startsWith("'") && source !== "'self'")).toEqual([]);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  // No source may be a bare scheme or wildcard that lets any host's script in.
  expect(csp['script-src']!.filter((source) => /^(https?:|\*|data:|blob:)$/.test(source))).toEqual([]);
}

describe('security headers (development mode, serving the pages)', () => {
  let app: NestFastifyApplication;
  const distRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-headers-'));

  beforeAll(async () => {
    writeFakeBuild(distRoot);
    app = await createApiApp(testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, CSP_EXTRA_ORIGINS: 'https://cdn.example.test' }));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distRoot, { recursive: true, force: true });
  });

  it.each(['/', '/article/some-slug', '/category/Technology', '/contact', '/admin', '/?search=%3Cscript%3E'])(
    'sends a strict CSP and the other headers with the page %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expectLockedDownPolicy(response.headers['content-security-policy']);
      expect(directives(response.headers['content-security-policy'])['script-src']).toContain('https://cdn.example.test');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('sends them with JSON, errors and refused bodies too', async () => {
    for (const response of [
      await app.inject({ method: 'GET', url: '/api/articles?approved=true' }),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"${'x'.repeat(1_100_000)}"}`,
      }),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expectLockedDownPolicy(response.headers['content-security-policy']);
    }
  });

  it('lets the queue dashboard load its typeface, and nothing more', async () => {
    const admin = await signInAdmin(app);
    const response = await app.inject({ method: 'GET', url: '/api/admin/queues', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expectLockedDownPolicy(response.headers['content-security-policy']);
    expect(directives(response.headers['content-security-policy'])['font-src']).toContain('https://fonts.gstatic.com');
    // The dashboard's own page has no executable inline script the policy would have to allow.
    expect(response.body.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)).toBeNull();
  });
});

describe('production mode', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createApiApp(testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://news.example' }));
  });
  afterAll(() => app.close());

  it('adds HSTS', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/articles?approved=true' });
    expect(response.headers['strict-transport-security']).toBe(HSTS);
  });

  it('sets HttpOnly, Secure, SameSite session cookies scoped to the API', async () => {
    const admin = await signInAdmin(app);
    const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: admin.username, password: 'a-long-test-password' } });
    const cookie = response.cookies.find((c) => c.name === 'ai_mind_admin')!;
    expect(tally.attempt(cookie.httpOnly === true && cookie.secure === true && cookie.sameSite === 'Lax' && cookie.path === '/api')).toBe(true);
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
  });

  const contact = (remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { name: 'Spoofer', email: 'spoof@example.com', subject: 'Hi', message: `Message ${uniqueSuffix()}` },
    });

  it('ignores X-Forwarded-For from a public address, so a client cannot dodge rate limits by naming other addresses', async () => {
    const peer = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await contact(peer, `192.0.2.${i + 1}`)).statusCode);
    expect(tally.attempt(answers.filter((status) => status === 429).length === 2)).toBe(true);
  });

  it('believes X-Forwarded-For from nginx on a private address (each reader counted apart)', async () => {
    const answers = [];
    for (let i = 0; i < 7; i += 1) answers.push((await contact('10.0.0.2', `198.51.100.${Math.floor(Math.random() * 250) + 1}`)).statusCode);
    expect(answers).toEqual(Array(7).fill(201));
  });
});
