import type { ChildProcess } from 'node:child_process';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { articleCanonicalPath } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { createOrmConfig } from '../src/app/orm-config.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { startTestMailCatcher, type CaughtMail, type MailCatcher } from './support/mail-catcher.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';
import { startWorkerProcess, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

const REDIS_URL = suiteRedisUrl('newsletter-digest');
const SITE = 'https://digest.example';
const READERS = 1_000;
const SMTP_TIMEOUT_MS = 4_000;
const MAX_ATTEMPTS = 3;
/** The reader whose message the mail catcher holds until the worker sending it has been killed. */
const HELD = 'reader-0500@digest.test';

const reader = (n: number) => `reader-${String(n).padStart(4, '0')}@digest.test`;

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A digest to 1,000 confirmed readers (and a few addresses the SMTP server refuses, defers or never
 * answers), sent by two worker processes, one of them killed while the server holds its message: each
 * reader gets the digest exactly once, and every failure is retried, then marked failed and shown.
 */
describe('a newsletter digest sent by two workers through a real SMTP server', () => {
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let orm: MikroORM;
  let app: NestFastifyApplication;
  let catcher: MailCatcher;
  let workers: ChildProcess[] = [];
  let editor: SignedInAdmin;
  let env: Record<string, string>;

  beforeAll(async () => {
    [database, catcher] = await Promise.all([
      createOwnDatabase(),
      startTestMailCatcher([
        { match: '^refused-', action: 'reject' },
        { match: '^deferred-twice@', action: 'defer', times: 2 },
        { match: '^deferred-always@', action: 'defer' },
        { match: '^stalled@', action: 'stall' },
        { match: `^${HELD.replace('.', '\\.')}$`, action: 'hold', times: 1, ms: 3 * SMTP_TIMEOUT_MS },
      ]),
    ]);
    orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 2 }));
    env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      PUBLIC_URL: SITE,
      SMTP_URL: catcher.smtpUrl,
      SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
      NEWSLETTER_SEND_LEASE_MS: String(3 * SMTP_TIMEOUT_MS + 1_000),
      NEWSLETTER_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      NEWSLETTER_RETRY_DELAY_MS: '300',
      NEWSLETTER_SENDERS: '2',
      // A killed worker's sending job goes to the other worker within seconds.
      QUEUE_LOCK_DURATION_MS: '3000',
      QUEUE_STALLED_INTERVAL_MS: '1000',
    };
    const redis = new (await import('ioredis')).Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    workers = [startWorkerProcess(env), startWorkerProcess(env)];
    app = await createApiApp(testConfig(env));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    editor = await signInAdmin(app);
    await orm.em.getConnection().execute(
      `insert into newsletter_subscriber (email, status, consent_text, consent_source, consent_at, confirmed_at)
       select 'reader-' || lpad(n::text, 4, '0') || '@digest.test', 'confirmed', 'test consent', '/', now(), now() from generate_series(1, ?) n`,
      [READERS],
    );
    const failing = ['refused-1@digest.test', 'refused-2@digest.test', 'deferred-twice@digest.test', 'deferred-always@digest.test', 'stalled@digest.test'];
    await orm.em.getConnection().execute(
      `insert into newsletter_subscriber (email, status, consent_text, consent_source, consent_at, confirmed_at)
       values ${failing.map(() => "(?, 'confirmed', 'test consent', '/', now(), now())").join(', ')}`,
      failing,
    );
    // Not confirmed: never sent anything.
    await orm.em
      .getConnection()
      .execute(`insert into newsletter_subscriber (email, status) values ('pending@digest.test', 'pending'), ('left@digest.test', 'unsubscribed')`);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(workers.map(stopProcess));
    await app?.close();
    await orm?.close(true);
    await catcher?.stop();
    await database?.drop();
  }, 30_000);

  it('reaches each reader exactly once, survives a worker killed mid-send, and retries then marks the failures', async () => {
    const published = await createArticle(orm.em, {
      title: 'Machines that read the news',
      content: '<p>An article about <b>reading</b>, for the digest.</p>',
      category: 'AI Insights',
    });
    await createArticle(orm.em, { title: 'A draft nobody should receive', approved: false });

    const preview = await app.inject({ method: 'GET', url: '/api/admin/newsletter/preview', headers: editor.headers });
    expect(preview.json()).toMatchObject({ articleCount: 1 });
    expect(preview.json().html).toContain('Machines that read the news');

    const started = await app.inject({ method: 'POST', url: '/api/admin/newsletter/digests', headers: editor.headers });
    expect(started.statusCode).toBe(201);
    const digestId = started.json().digestId as number;

    // The server holds the 500th reader's message; the worker sending it is killed before any answer.
    await until(
      'the held message',
      () => catcher.stats(),
      (stats) => stats.holding.includes(HELD),
      60_000,
    );
    const [claim] = await orm.em
      .fork()
      .execute<{ claimed_by: string }[]>(
        `select d.claimed_by from newsletter_delivery d join newsletter_subscriber s on s.id = d.subscriber_id where s.email = ? and d.status = 'sending'`,
        [HELD],
      );
    const pid = Number(claim!.claimed_by.split(':').at(-1));
    const holder = workers.find((worker) => worker.pid === pid)!;
    expect(holder).toBeDefined();
    holder.kill('SIGKILL');
    await until(
      'the killed worker',
      async () => holder.signalCode,
      (signal) => signal === 'SIGKILL',
      5_000,
    );

    const digest = await until(
      'the digest to finish',
      async () => (await orm.em.fork().execute<{ status: string }[]>('select status from newsletter_digest where id = ?', [digestId]))[0]!,
      (row) => row.status === 'sent',
      120_000,
    );
    expect(digest.status).toBe('sent');

    // The held copy was never answered, so the server kept nothing of it.
    expect((await catcher.stats()).discarded).toBe(1);
    const caught = await catcher.messages();
    const perReader = new Map<string, CaughtMail[]>();
    for (const mail of caught) for (const to of mail.envelope.to) perReader.set(to, [...(perReader.get(to) ?? []), mail]);
    const missing = Array.from({ length: READERS }, (_, i) => reader(i + 1)).filter((address) => (perReader.get(address)?.length ?? 0) !== 1);
    expect(missing).toEqual([]);
    expect(perReader.get('deferred-twice@digest.test')).toHaveLength(1);
    for (const never of [
      'refused-1@digest.test',
      'refused-2@digest.test',
      'deferred-always@digest.test',
      'stalled@digest.test',
      'pending@digest.test',
      'left@digest.test',
    ]) {
      expect(perReader.get(never)).toBeUndefined();
    }
    expect(caught).toHaveLength(READERS + 1);

    // One digest as a reader gets it: both parts, their own one-click unsubscribe link and headers.
    const mail = perReader.get(reader(7))![0]!;
    expect(mail.contentType).toMatch(/^multipart\/alternative/);
    expect(mail.subject).toBe('The AI Mind: 1 new article');
    expect(mail.html).toContain('Machines that read the news');
    expect(mail.html).not.toContain('A draft nobody should receive');
    expect(mail.text).toContain(`${SITE}${articleCanonicalPath(published)}`);
    expect(mail.text).toContain('An article about reading, for the digest.');
    // Each item says how the article was made, as its page does: this one was written in SQL, so that is not on record.
    expect(mail.text).toContain('[Published by the AI Mind; how its text was written was not recorded; no record names the editor who published it]');
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(unsubscribe).toMatch(new RegExp(`^${SITE}/api/newsletter/unsubscribe\\?token=\\d+\\.[\\w-]{43}$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(unsubscribe);
    expect(mail.html).toContain(unsubscribe);
    expect(mail.messageId).toMatch(new RegExp(`^<digest-${digestId}\\.\\d+@digest\\.example>$`));

    // The one-click link of the digest works as the header says.
    const oneClick = await app.inject({
      method: 'POST',
      url: unsubscribe.slice(SITE.length),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);

    const outcomes = await orm.em.fork().execute<{ email: string; status: string; attempts: number; last_error: string | null; subscriber_status: string }[]>(
      `select s.email, d.status, d.attempts, d.last_error, s.status as subscriber_status from newsletter_delivery d join newsletter_subscriber s on s.id = d.subscriber_id
       where d.digest_id = ? and (s.email not like 'reader-%' or s.email = ?)`,
      [digestId, HELD],
    );
    const byEmail = Object.fromEntries(outcomes.map((row) => [row.email, row]));
    expect(byEmail[HELD]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byEmail['deferred-twice@digest.test']).toMatchObject({ status: 'sent', attempts: 3 });
    expect(byEmail['refused-1@digest.test']).toMatchObject({ status: 'failed', attempts: 1, subscriber_status: 'bounced' });
    expect(byEmail['refused-1@digest.test']!.last_error).toContain('550');
    expect(byEmail['deferred-always@digest.test']).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, subscriber_status: 'confirmed' });
    expect(byEmail['deferred-always@digest.test']!.last_error).toContain('451');
    expect(byEmail['stalled@digest.test']).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(byEmail['stalled@digest.test']!.last_error).toMatch(/timeout|ETIMEDOUT/i);

    // What the editor sees.
    const [shown] = (await app.inject({ method: 'GET', url: '/api/admin/newsletter/digests', headers: editor.headers })).json() as Record<string, unknown>[];
    expect(shown).toMatchObject({ id: digestId, status: 'sent', recipients: READERS + 5, sent: READERS + 1, failed: 4, pending: 0, articleCount: 1 });
    const failures = (await app.inject({ method: 'GET', url: `/api/admin/newsletter/digests/${digestId}/failures`, headers: editor.headers })).json() as {
      email: string;
    }[];
    expect(failures.map((failure) => failure.email).sort()).toEqual([
      'deferred-always@digest.test',
      'refused-1@digest.test',
      'refused-2@digest.test',
      'stalled@digest.test',
    ]);

    // Nothing new since: no second digest, and the same readers get nothing more.
    expect((await app.inject({ method: 'POST', url: '/api/admin/newsletter/digests', headers: editor.headers })).statusCode).toBe(409);
  }, 240_000);

  it('a worker asked to stop mid-digest exits at once, and the next worker sends the rest, each reader once', async () => {
    // 300 readers this time, none of the failing addresses: the stop is what this test is about.
    await orm.em.fork().execute(`update newsletter_subscriber set status = 'unsubscribed' where email not like 'reader-%' or email > ?`, [reader(300)]);
    await createArticle(orm.em, { title: 'A second story for the next digest', category: 'AI Insights' });
    const started = await app.inject({ method: 'POST', url: '/api/admin/newsletter/digests', headers: editor.headers });
    expect(started.statusCode).toBe(201);
    const digestId = started.json().digestId as number;
    const ofThisDigest = async () => (await catcher.messages()).filter((mail) => mail.messageId?.startsWith(`<digest-${digestId}.`));

    // The worker left from the first test is sending; it is stopped a hundred messages in.
    const sender = workers.find((worker) => worker.exitCode === null && worker.signalCode === null)!;
    await until('a hundred messages sent', ofThisDigest, (mails) => mails.length >= 100, 60_000);
    const stopAsked = Date.now();
    expect(await stopProcess(sender)).toBe(0);
    // At most the message in hand (a stalled recipient waits out the SMTP timeout), never the digest.
    expect(Date.now() - stopAsked).toBeLessThan(SMTP_TIMEOUT_MS + 5_000);
    const [left] = await orm.em
      .fork()
      .execute<{ open: number; status: string }[]>(
        `select count(*) filter (where d.status in ('pending', 'sending'))::int as open, g.status from newsletter_delivery d join newsletter_digest g on g.id = d.digest_id where d.digest_id = ? group by g.status`,
        [digestId],
      );
    expect(left).toMatchObject({ status: 'sending' });
    expect(left!.open).toBeGreaterThan(0);

    workers.push(startWorkerProcess(env));
    await until(
      'the digest to finish on the next worker',
      async () => (await orm.em.fork().execute<{ status: string }[]>('select status from newsletter_digest where id = ?', [digestId]))[0]!,
      (row) => row.status === 'sent',
      120_000,
    );
    const perReader = new Map<string, number>();
    for (const mail of await ofThisDigest()) for (const to of mail.envelope.to) perReader.set(to, (perReader.get(to) ?? 0) + 1);
    const recipients = await orm.em
      .fork()
      .execute<{ email: string; status: string }[]>(
        `select s.email, d.status from newsletter_delivery d join newsletter_subscriber s on s.id = d.subscriber_id where d.digest_id = ?`,
        [digestId],
      );
    expect(recipients.length).toBeGreaterThanOrEqual(299);
    expect(recipients.filter((row) => row.status !== 'sent' || perReader.get(row.email) !== 1)).toEqual([]);
    expect(perReader.size).toBe(recipients.length);
  }, 240_000);
});
