import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { FOLLOW_EMAIL_CONSENT_TEXT, FOLLOW_PAGES, FORM_FLASH_PARAM, type FormFlash } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { FormFlashService } from '../src/common/page-form.js';
import { startTestMailCatcher, type CaughtMail, type MailCatcher } from './support/mail-catcher.js';
import { createOwnDatabase } from './support/own-database.js';
import { startPushStandIn, type PushStandIn, type Subscriber } from './support/push-stand-in.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';

const REDIS_URL = suiteRedisUrl('follows');
const SITE = 'https://news.example';
const MAX_ATTEMPTS = 3;

let nextIp = 1;
const client = () => `10.41.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Following stories and categories, through the API in this process and two built worker processes
 * sending to the real mail catcher over SMTP and to a push service stand-in on 127.0.0.1 that checks
 * each message's VAPID signature and decrypts its payload with the subscriber's own keys.
 */
describe('follows by email and Web Push', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let catcher: MailCatcher;
  let push: PushStandIn;
  let workers: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let dataDir: string;
  let vapidPublicKey: string | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'follows-'));
    [catcher, database, push] = await Promise.all([startTestMailCatcher(), createOwnDatabase(), startPushStandIn(() => vapidPublicKey)]);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      PUBLIC_URL: SITE,
      SMTP_URL: catcher.smtpUrl,
      VAPID_KEYS_FILE: path.join(dataDir, 'vapid-keys.json'),
      PUSH_TRUSTED_ORIGINS: push.origin,
      PUSH_CA_FILE: push.caFile,
      FOLLOWS_TICK_MS: '200',
      FOLLOWS_RETRY_DELAY_MS: '200',
      FOLLOWS_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      FOLLOWS_BATCH_SIZE: '7',
    };
    app = await createApiApp(testConfig(env));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    em = app.get(EntityManager);
    // The API makes the keys on first use and keeps them; the workers read the same file.
    vapidPublicKey = ((await app.inject({ method: 'GET', url: '/api/follows/push/key' })).json() as { publicKey: string }).publicKey;
    workers = await Promise.all([startReportedWorker(env), startReportedWorker(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => stopProcess(worker)));
    await app?.close();
    await Promise.all([catcher?.stop(), push?.stop()]);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await em.fork().getConnection().execute<T[]>(text, params)) as T[];

  /** A story as an approval makes it (the stories module's triggers), with its article not yet published. */
  async function story(category = 'Technology') {
    const suffix = uniqueSuffix();
    const [topic] = await sql<{ id: number }>(
      `insert into trending_topic (topic, source, category, status, items, created_at, updated_at) values (?, 'Outlet 1', ?, 'approved', '[]'::jsonb, now(), now()) returning id`,
      [`Grid ${suffix}`, category],
    );
    const [approved] = await sql<{ id: number }>(
      `insert into approved_topic (trending_topic_id, topic, category, status, approved_by, approved_at) values (?, ?, ?, 'queued', 'sql', now()) returning id`,
      [topic!.id, `Grid story ${suffix}`, category],
    );
    const [article] = await sql<{ id: number }>(
      `insert into article (title, slug, content, category, approved, created_at, updated_at) values (?, ?, '<p>Body.</p>', ?, false, now(), now()) returning id`,
      [`Grid article ${suffix}`, `grid-article-${suffix}`, category],
    );
    await sql(`update approved_topic set article_id = ?, status = 'blog_received' where id = ?`, [article!.id, approved!.id]);
    const [row] = await sql<{ id: number; slug: string }>(`select id, slug from story where approved_topic_id = ?`, [approved!.id]);
    return { id: row!.id, slug: row!.slug, articleId: article!.id, articleSlug: `grid-article-${suffix}` };
  }
  const publish = (articleId: number) => sql(`update article set stage = 'published', approved = true where id = ?`, [articleId]);
  let noteNumber = 0;
  const addNote = (articleId: number, text: string, kind: 'update' | 'correction' = 'update') =>
    sql(`update article set corrections = coalesce(corrections, '[]'::jsonb) || ?::jsonb where id = ?`, [
      JSON.stringify([{ id: `t${++noteNumber}`, kind, text, createdAt: new Date().toISOString() }]),
      articleId,
    ]);

  const postForm = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: client(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    });

  async function outcomeOf(response: { statusCode: number; headers: Record<string, unknown> }, page: string): Promise<FormFlash | null> {
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location), SITE);
    expect(location.pathname).toBe(page);
    return app.get(FormFlashService).take(location.searchParams.get(FORM_FLASH_PARAM)!, page);
  }

  function linkIn(mail: CaughtMail, prefix: string): string {
    const match = new RegExp(`${prefix.replace(/[.?]/g, '\\$&')}[^\\s]+`).exec(mail.text!);
    if (!match) throw new Error(`No link ${prefix} in:\n${mail.text}`);
    const url = new URL(match[0]);
    return `${url.pathname}${url.search}`;
  }
  const headerLink = (mail: CaughtMail) => {
    const url = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!);
    return `${url.pathname}${url.search}`;
  };

  /** Follows by the page's form, then confirms from the email's link and its page's form, as the mailbox's owner does. */
  async function followByEmail(email: string, target: { story?: string; category?: string }, mode: 'each' | 'daily' = 'each') {
    const back = target.story ? `/technology/article/x` : `/category/${target.category}`;
    const posted = await outcomeOf(
      await postForm('/api/follows/form', { email, mode, story: target.story ?? '', category: target.category ?? '', back }),
      back,
    );
    expect(posted).toMatchObject({ form: 'follow', outcome: 'sent' });
    const [mail] = await catcher.waitFor(email);
    expect(mail!.subject).toMatch(/^Confirm that you follow/);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const ready = await outcomeOf(await app.inject({ method: 'GET', url: linkIn(mail!, `${SITE}/api/follows/confirm?token=`) }), FOLLOW_PAGES.confirm);
    expect(ready).toMatchObject({ form: 'followConfirm', outcome: 'ready' });
    const confirmed = await outcomeOf(
      await postForm('/api/follows/confirm/form', { token: ready!.values!.token!, back: FOLLOW_PAGES.confirm }),
      FOLLOW_PAGES.confirm,
    );
    expect(confirmed).toMatchObject({ form: 'followConfirm', outcome: 'sent' });
  }

  async function followByPush(subscriber: Subscriber, target: { story?: string; category?: string }) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/follows/push',
      payload: { subscription: subscriber.json, target, consent: true },
      remoteAddress: client(),
      headers: { 'sec-fetch-site': 'same-origin', referer: `${SITE}/technology/article/x` },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { unsubscribeUrl: string };
  }

  const deliveriesOf = (eventIds: number[]) =>
    sql<{ recipient: string; count: number }>(
      `select recipient, count(*)::int as count from follow_delivery where event_id = any(?::bigint[]) group by event_id, recipient`,
      [`{${eventIds.join(',')}}`],
    );
  const eventsOf = async (articleId: number) =>
    (await sql<{ id: string }>(`select id from publication_event where article_id = ? order by id`, [articleId])).map((e) => Number(e.id));

  it('records an email follow only once confirmed through the link and its form, with the consent, and mails each update with the one-click headers', async () => {
    const target = await story();
    const email = `reader-${uniqueSuffix()}@example.com`;
    await followByEmail(email, { story: target.slug });
    const [follow] = await sql<{ status: string; consent_text: string; consent_source: string; mode: string }>(`select * from follow where email = ?`, [email]);
    expect(follow).toMatchObject({ status: 'confirmed', consent_text: FOLLOW_EMAIL_CONSENT_TEXT, consent_source: '/technology/article/x', mode: 'each' });

    await publish(target.articleId);
    await addNote(target.articleId, 'The regulator decided.');
    const mails = await catcher.waitFor(email, 3);
    const updates = mails.filter((mail) => !mail.subject.startsWith('Confirm'));
    expect(updates.map((mail) => mail.subject).sort()).toEqual(
      [`New article: Grid article ${target.articleSlug.slice(13)}`, `Updated: Grid article ${target.articleSlug.slice(13)}`].sort(),
    );
    const update = updates.find((mail) => mail.subject.startsWith('Updated'))!;
    expect(update.text).toContain('The regulator decided.');
    expect(update.text).toContain(`${SITE}/technology/article/${target.articleSlug}`);
    expect(update.headers['list-unsubscribe']).toMatch(new RegExp(`^<${SITE}/api/follows/unsubscribe\\?token=[\\w.-]+>$`));

    // RFC 8058's one-click POST from the mail program: no cookie, no page of ours.
    const oneClick = await app.inject({
      method: 'POST',
      url: headerLink(update),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await sql<{ status: string }>(`select status from follow where email = ?`, [email]))[0]!.status).toBe('unsubscribed');
    await addNote(target.articleId, 'A later update nobody is told about.');
    const [lastEvent] = (await eventsOf(target.articleId)).slice(-1);
    await until('the last event fanned out', async () => (await sql(`select 1 from follow_fanout where event_id = ?`, [lastEvent])).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await catcher.messages(email)).toHaveLength(3);
  });

  it('refuses a follow of nothing this site has, and a confirmation link that was tampered with', async () => {
    const refused = await outcomeOf(
      await postForm('/api/follows/form', { email: `x-${uniqueSuffix()}@example.com`, mode: 'each', story: 'no-such-story', category: '', back: '/' }),
      '/',
    );
    expect(refused).toMatchObject({ outcome: 'refused', fieldErrors: { 'target.story': expect.any(String) } });
    const forged = await outcomeOf(
      await app.inject({ method: 'GET', url: '/api/follows/confirm?token=1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
      FOLLOW_PAGES.confirm,
    );
    expect(forged).toMatchObject({ outcome: 'refused' });
  });

  it('sends a daily follower one bundle a day with the updates of the days before', async () => {
    const target = await story();
    const email = `daily-${uniqueSuffix()}@example.com`;
    await followByEmail(email, { story: target.slug }, 'daily');
    await publish(target.articleId);
    await addNote(target.articleId, 'First development.');
    await addNote(target.articleId, 'Second development.', 'correction');
    const events = await eventsOf(target.articleId);
    await until(
      'three held rows',
      async () => (await sql(`select 1 from follow_delivery where event_id = any(?::bigint[]) and status = 'held'`, [`{${events.join(',')}}`])).length === 3,
    );
    // Nothing goes out during the day the updates were published.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await catcher.messages(email)).toHaveLength(1);
    // A day later (their rows dated yesterday): one bundle with all three.
    await sql(`update follow_delivery set created_at = created_at - interval '1 day' where event_id = any(?::bigint[])`, [`{${events.join(',')}}`]);
    const [, bundle] = await catcher.waitFor(email, 2);
    expect(bundle!.subject).toMatch(/3 updates of "/);
    expect(bundle!.text).toContain('First development.');
    expect(bundle!.text).toContain('Second development.');
    expect(bundle!.headers['list-unsubscribe']).toMatch(/\/api\/follows\/unsubscribe\?token=/);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await catcher.messages(email)).toHaveLength(2);
    expect(await sql(`select status from follow_delivery where event_id = any(?::bigint[]) and status <> 'bundled'`, [`{${events.join(',')}}`])).toEqual([]);
  });

  it('pushes each update once to every subscribed browser, signed with the site VAPID key, encrypted to the browser, with two workers sending', async () => {
    const target = await story();
    const subscribers = Array.from({ length: 24 }, () => push.subscribe());
    for (const subscriber of subscribers) await followByPush(subscriber, { story: target.slug });
    // One reader follows the story and its category on the same device: still one message per update.
    await followByPush(subscribers[0]!, { category: 'technology' });
    await publish(target.articleId);
    await addNote(target.articleId, 'Grid operator confirms.');
    await until('every browser got both', async () => subscribers.every((s) => push.received(s.id).length >= 2), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(push.refused).toEqual([]);
    for (const subscriber of subscribers) expect(push.received(subscriber.id)).toHaveLength(2);
    const message = JSON.parse(push.received(subscribers[1]!.id).find((p) => p.payload.includes('Grid operator'))!.payload) as { title: string; url: string };
    expect(message.title).toMatch(/^Updated: /);
    expect(message.url).toMatch(new RegExp(`^${SITE}/technology/article/${target.articleSlug}#unfollow=[\\w.%-]+$`));
    expect(push.received(subscribers[1]!.id)[0]!.claims.aud).toBe(push.origin);
    const events = await eventsOf(target.articleId);
    const deliveries = await deliveriesOf(events);
    expect(deliveries).toHaveLength(2 * subscribers.length);
    expect(deliveries.every((row) => row.count === 1)).toBe(true);
    expect(await sql(`select 1 from follow_delivery where event_id = any(?::bigint[]) and status <> 'sent'`, [`{${events.join(',')}}`])).toEqual([]);

    // The notification's page unsubscribes with the token its link carries: a real form.
    const token = decodeURIComponent(message.url.split('#unfollow=')[1]!);
    const left = await outcomeOf(await postForm('/api/follows/unsubscribe/form', { token, back: FOLLOW_PAGES.leave }), FOLLOW_PAGES.leave);
    expect(left).toMatchObject({ form: 'followLeave', outcome: 'sent' });
    await addNote(target.articleId, 'Another one.');
    await until('the others got the third', async () => subscribers.slice(2).every((s) => push.received(s.id).length >= 3), 30_000);
    expect(push.received(subscribers[1]!.id)).toHaveLength(2);
  }, 90_000);

  it('retries a failing push service with backoff, drops the message on record after the last attempt, and ends a subscription answered 410', async () => {
    const target = await story();
    const flaky = push.subscribe({ kind: 'fail', failures: 2 });
    const down = push.subscribe({ kind: 'fail', failures: Infinity });
    const gone = push.subscribe({ kind: 'gone' });
    for (const subscriber of [flaky, down, gone]) await followByPush(subscriber, { story: target.slug });
    await publish(target.articleId);
    const [event] = await eventsOf(target.articleId);
    await until('the flaky one delivered', async () => push.received(flaky.id).length === 1, 30_000);
    expect(push.attempts(flaky.id)).toBe(3);
    const dropped = await until(
      'the failing one dropped',
      async () => {
        const rows = await sql<{ attempts: number; last_error: string; dropped_at: Date | null; status: string }>(
          `select d.attempts, d.last_error, d.dropped_at, d.status from follow_delivery d where d.event_id = ? and d.recipient like 'push:%' and d.status = 'dropped' and d.last_error like '500%'`,
          [event],
        );
        return rows[0];
      },
      30_000,
    );
    expect(dropped).toMatchObject({ attempts: MAX_ATTEMPTS, status: 'dropped', last_error: expect.stringMatching(/^500 busy/) });
    expect(Date.parse(String(dropped.dropped_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(push.attempts(down.id)).toBe(MAX_ATTEMPTS);
    await until('the gone subscription removed', async () => (await sql(`select 1 from push_subscription where endpoint = ?`, [gone.endpoint])).length === 0);
    expect(push.attempts(gone.id)).toBe(1);
    const [goneDelivery] = await sql<{ status: string; last_error: string }>(
      `select status, last_error from follow_delivery where event_id = ? and last_error like '410%'`,
      [event],
    );
    expect(goneDelivery).toMatchObject({ status: 'dropped' });
  }, 60_000);

  it('sends again, once, a message a killed worker had claimed and never marked, once its lease has run out', async () => {
    const target = await story();
    const subscriber = push.subscribe();
    await followByPush(subscriber, { story: target.slug });
    await publish(target.articleId);
    await until('the publication delivered', async () => push.received(subscriber.id).length === 1);
    const [follow] = await sql<{ id: string; push_subscription_id: string }>(
      `select f.id, f.push_subscription_id from follow f join push_subscription s on s.id = f.push_subscription_id where s.endpoint = ?`,
      [subscriber.endpoint],
    );
    // As a worker killed mid-send leaves it: the event fanned out, its row claimed an hour ago and never marked.
    await em.fork().transactional(async (tx) => {
      await tx.execute(`update article set corrections = coalesce(corrections, '[]'::jsonb) || ?::jsonb where id = ?`, [
        JSON.stringify([{ id: `t${++noteNumber}`, kind: 'update', text: 'Claimed by a worker that died.', createdAt: new Date().toISOString() }]),
        target.articleId,
      ]);
      const [event] = await tx.execute<{ id: string }[]>(`select id from publication_event where article_id = ? order by id desc limit 1`, [target.articleId]);
      await tx.execute(`insert into follow_fanout (event_id, recipients) values (?, 1)`, [event!.id]);
      await tx.execute(
        `insert into follow_delivery (event_id, follow_id, recipient, channel, status, attempts, claimed_at, claimed_by)
         values (?, ?, ?, 'push', 'sending', 1, now() - interval '1 hour', 'dead-worker:1')`,
        [event!.id, follow!.id, `push:${follow!.push_subscription_id}`],
      );
    });
    await until('the claimed message sent again', async () => push.received(subscriber.id).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(push.received(subscriber.id)).toHaveLength(2);
    expect(JSON.parse(push.received(subscriber.id)[1]!.payload)).toMatchObject({ body: 'Claimed by a worker that died.' });
    const [row] = await sql<{ status: string; attempts: number; claimed_by: string }>(
      `select d.status, d.attempts, d.claimed_by from follow_delivery d where d.claimed_by <> 'dead-worker:1' and d.follow_id = ? and d.attempts = 2`,
      [follow!.id],
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('refuses a subscription that is not an https push endpoint or has keys of the wrong size, and keeps none', async () => {
    const target = await story();
    const subscriber = push.subscribe();
    const bad = [
      { ...subscriber.json, endpoint: subscriber.endpoint.replace('https:', 'http:') },
      { ...subscriber.json, endpoint: 'https://10.0.0.1/push/x' },
      { ...subscriber.json, keys: { ...subscriber.json.keys, auth: 'AAAA' } },
    ];
    for (const subscription of bad) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/follows/push',
        payload: { subscription, target: { story: target.slug }, consent: true },
        remoteAddress: client(),
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(400);
    }
    const noConsent = await app.inject({
      method: 'POST',
      url: '/api/follows/push',
      payload: { subscription: subscriber.json, target: { story: target.slug } },
      remoteAddress: client(),
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(noConsent.statusCode).toBe(400);
    expect(await sql(`select 1 from push_subscription where endpoint like ?`, [`%${subscriber.id}`])).toEqual([]);
  });

  it('serves the push service worker at the site root and counts followers per story for the admin', async () => {
    const worker = await app.inject({ method: 'GET', url: '/push-sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.body).toContain("addEventListener('notificationclick'");
    expect(worker.body).not.toMatch(/admin/i);
    const target = await story();
    await followByPush(push.subscribe(), { story: target.slug });
    await followByPush(push.subscribe(), { story: target.slug });
    const { FollowsAdminService } = await import('../src/modules/follows/index.js');
    expect(await app.get(FollowsAdminService).storyFollowerCounts([target.id])).toEqual([{ storyId: target.id, email: 0, push: 2 }]);
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/stories/followers' });
    expect(anonymous.statusCode).toBe(401);
  });
});
