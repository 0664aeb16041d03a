import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { SIGN_IN_CODE_OFFER } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { AdminUser } from '../src/modules/auth/index.js';
import { PeopleService } from '../src/modules/people/index.js';
import { startTestMailCatcher, type MailCatcher } from './support/mail-catcher.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

const PASSWORD = 'the-owners-own-password';

/** A client of its own: an IPv6 /64 no other attempt in the run comes from (each counts as one client). */
const newClient = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::7`;

describe('the owner always gets in: a code by email past the username’s sign-in rate', () => {
  let app: NestFastifyApplication;
  let catcher: MailCatcher;

  beforeAll(async () => {
    catcher = await startTestMailCatcher();
    // The username rate's default window (a minute): no test here waits it out.
    app = await createApiApp(testConfig({ SMTP_URL: catcher.smtpUrl }));
  });
  afterAll(async () => {
    await app.close();
    await catcher.stop();
  });

  /** An active owner with this address and PASSWORD. */
  async function owner(): Promise<{ username: string; email: string }> {
    const username = `owner-${uniqueSuffix()}`;
    const email = `${username}@example.test`;
    await app.get(PeopleService).saveAccount({ username, password: PASSWORD, role: 'owner' });
    await app.get(EntityManager).fork().nativeUpdate(AdminUser, { username }, { email });
    return { username, email };
  }

  const signIn = (username: string, password: string, code?: string) =>
    app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password, ...(code ? { code } : {}) }, remoteAddress: newClient() });

  it('mails a code when guessing from rotating /64s has filled the username’s budget; the code lets the right password in, once', async () => {
    const { username, email } = await owner();
    // Twelve wrong guesses a minute, each from a /64 of its own: no client is ever locked out.
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(username, `guess-${i}`)));
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(2);

    // The owner, from a new browser: refused by the username's budget, offered a code.
    const refused = await signIn(username, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'Too Many Requests', details: [{ path: 'code', message: SIGN_IN_CODE_OFFER }] });

    const [mail] = await catcher.waitFor(email);
    const code = /\b(\d{4}-\d{4}-\d{4})\b/.exec(mail!.text!)![1]!;
    expect(mail!.subject).toContain(code);

    // The code never lets a wrong password in, and a made-up code is no code.
    const wrong = await signIn(username, 'not-the-password', code);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Unauthorized', message: 'Invalid username or password' });
    expect((await signIn(username, PASSWORD, '0000-0000-0000')).statusCode).toBe(429);

    const right = await signIn(username, PASSWORD, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ authenticated: true, username });

    // Once: the same code again (another new browser) is refused like no code.
    const again = await signIn(username, PASSWORD, code);
    expect(again.statusCode).toBe(429);
    expect(again.json().details).toEqual([{ path: 'code', message: SIGN_IN_CODE_OFFER }]);

    // Every refusal offered the code, but the mailbox got one mail (at most one per few minutes).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await catcher.messages(email)).toHaveLength(1);
  });

  it('answers a disabled account’s right password exactly as a wrong one', async () => {
    const { username } = await owner();
    // Another owner, so that this one may be disabled.
    await owner();
    const { id } = (await app.get(EntityManager).fork().findOneOrFail(AdminUser, { username }))!;
    await app.get(PeopleService).changeStatus(id, 'disabled');
    const right = await signIn(username, PASSWORD);
    const wrong = await signIn(username, 'not-the-password');
    expect({ status: right.statusCode, body: right.json() }).toEqual({ status: wrong.statusCode, body: wrong.json() });
    expect(right.statusCode).toBe(401);
  });
});
