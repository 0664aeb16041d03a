import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiApp } from '../src/app/create-api-app.js';
import { signInAdmin } from './support/admin-session.js';
import { testConfig } from './support/test-config.js';

const ADMIN_ORIGIN = 'http://admin.example.test';

/** The admin app deployed on its own origin: credentialed CORS for that origin, cross-site cookies. */
describe('admin app on its own origin', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createApiApp(testConfig({ CORS_ORIGINS: ADMIN_ORIGIN, COOKIE_SECURE: 'true', COOKIE_SAMESITE: 'none' }));
  });
  afterAll(() => app.close());

  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/admin/articles',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type,x-csrf-token' },
    });

  it('allows credentialed calls from the configured origin', async () => {
    const allowed = await preflight(ADMIN_ORIGIN);
    expect(allowed.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-csrf-token');
  });

  it('gives no CORS grant to any other origin', async () => {
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends a Secure, SameSite=None session cookie the other origin can use', async () => {
    const admin = await signInAdmin(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: ADMIN_ORIGIN },
      payload: { username: admin.username, password: 'a-long-test-password' },
    });
    expect(response.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    expect(response.cookies.find((c) => c.name === 'ai_mind_admin')).toMatchObject({ secure: true, sameSite: 'None', httpOnly: true });
  });
});
