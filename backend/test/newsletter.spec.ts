import type { ChildProcess } from 'node:child_process';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DIGEST_TESTS_PER_HOUR,
  FORM_FLASH_PARAM,
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_PAGES,
  NEWSLETTER_SUCCESS_MESSAGE,
  type FormFlash,
} from '@ai-mind/contracts';
import { createHash } from 'node:crypto';
import { createApiApp } from '../src/app/create-api-app.js';
import { FormFlashService } from '../src/common/page-form.js';
import { mailboxOf } from '../src/modules/newsletter/newsletter-mailbox.js';
import { confirmationToken } from '../src/modules/newsletter/newsletter-tokens.js';
import { MAILBOX_CONFIRMATIONS } from '../src/modules/newsletter/reader-mail-policy.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createArticle } from './support/article-factory.js';
import { startTestMailCatcher, type CaughtMail, type MailCatcher } from './support/mail-catcher.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

const REDIS_URL = suiteRedisUrl('newsletter');
const SITE = 'https://news.example';
/** Short, so the expiry can be watched; long enough for a test to follow a link it just received. */
const CONFIRM_TTL_SECONDS = 8;
const RESEND_WINDOW_SECONDS = 600;

let nextIp = 1;
const client = () => `10.31.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

interface SubscriberRow {
  id: number;
  status: string;
  consent_text: string | null;
  consent_source: string | null;
  consent_at: Date | null;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

/**
 * Double opt-in, the emails' links and leaving, through the API in this process and the built worker
 * sending through the real mail catcher process over SMTP.
 */
describe('newsletter sign-up, confirmation and leaving', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let catcher: MailCatcher;
  let worker: ChildProcess;
  let editor: SignedInAdmin;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;

  beforeAll(async () => {
    // A database of its own: confirmed readers and digests left in the shared one would be sent by other tests' workers.
    [catcher, database] = await Promise.all([startTestMailCatcher(), createOwnDatabase()]);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      PUBLIC_URL: SITE,
      SMTP_URL: catcher.smtpUrl,
      NEWSLETTER_CONFIRM_TTL_SECONDS: String(CONFIRM_TTL_SECONDS),
      NEWSLETTER_RESEND_WINDOW_SECONDS: String(RESEND_WINDOW_SECONDS),
    };
    worker = await startReportedWorker(env);
    app = await createApiApp(testConfig(env));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    em = app.get(EntityManager);
    editor = await signInAdmin(app);
  }, 120_000);

  afterAll(async () => {
    await stopProcess(worker);
    await app?.close();
    await catcher?.stop();
    await database?.drop();
  });

  const subscribe = (email: string, source = '/about') =>
    app.inject({ method: 'POST', url: '/api/newsletter', payload: { email, source }, remoteAddress: client(), headers: { 'sec-fetch-site': 'same-origin' } });

  /** A form as the site's page posts it. */
  const postForm = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: client(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    });

  /** The outcome a 303 leads to, as the page it names would show it (taken once). */
  async function outcomeOf(response: { statusCode: number; headers: Record<string, unknown> }, page: string): Promise<FormFlash | null> {
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location), SITE);
    expect(location.pathname).toBe(page);
    return app.get(FormFlashService).take(location.searchParams.get(FORM_FLASH_PARAM)!, page);
  }

  const row = async (email: string) => (await em.fork().execute<SubscriberRow[]>('select * from newsletter_subscriber where email = ?', [email]))[0];

  /** The path and query of a link in the plain-text part that starts with `prefix`. */
  function linkIn(mail: CaughtMail, prefix: string): string {
    const match = new RegExp(`${prefix.replace(/[.?]/g, '\\$&')}[^\\s]+`).exec(mail.text!);
    if (!match) throw new Error(`No link ${prefix} in:\n${mail.text}`);
    const url = new URL(match[0]);
    return `${url.pathname}${url.search}`;
  }
  const confirmLink = (mail: CaughtMail) => linkIn(mail, `${SITE}/api/newsletter/confirm?token=`);
  const unsubscribeHeaderLink = (mail: CaughtMail) => {
    const url = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!);
    return `${url.pathname}${url.search}`;
  };

  /** Follows a confirmation email's link and posts its page's form, as the mailbox's owner does. */
  async function confirmFrom(mail: CaughtMail): Promise<void> {
    const ready = await outcomeOf(await app.inject({ method: 'GET', url: confirmLink(mail) }), NEWSLETTER_PAGES.confirm);
    await outcomeOf(await postForm('/api/newsletter/confirm/form', { token: ready!.values!.token!, back: NEWSLETTER_PAGES.confirm }), NEWSLETTER_PAGES.confirm);
  }

  async function confirmedReader(email = `confirmed-${uniqueSuffix()}@example.com`): Promise<{ email: string; mail: CaughtMail }> {
    await subscribe(email);
    const [mail] = await catcher.waitFor(email);
    await confirmFrom(mail!);
    expect((await row(email))!.status).toBe('confirmed');
    return { email, mail: mail! };
  }

  /** Every email caught for any spelling of this address's mailbox. */
  const mailboxMessages = async (email: string) =>
    (await catcher.messages()).filter((mail) => mail.envelope.to.some((to) => mailboxOf(to) === mailboxOf(email)));

  const suppressed = async (email: string) =>
    (await em.fork().execute('select 1 from newsletter_suppression where email_hash = ?', [createHash('sha256').update(mailboxOf(email)).digest('hex')]))
      .length > 0;

  it('sends one confirmation email with both parts and the one-click headers, records the consent, and answers the same for any address', async () => {
    const email = `reader-${uniqueSuffix()}@example.com`;
    const first = await subscribe(email, '/category/ai-insights');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: NEWSLETTER_SUCCESS_MESSAGE });

    const [mail] = await catcher.waitFor(email);
    expect(mail!.contentType).toMatch(/^multipart\/alternative/);
    expect(mail!.html).toContain('Confirm my subscription');
    expect(mail!.text).toContain(`${SITE}/api/newsletter/confirm?token=`);
    expect(mail!.headers['list-unsubscribe']).toMatch(new RegExp(`^<${SITE}/api/newsletter/unsubscribe\\?token=[\\w.-]+>$`));
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const pending = (await row(email))!;
    expect(pending).toMatchObject({ status: 'pending', consent_text: NEWSLETTER_CONSENT_TEXT, consent_source: '/category/ai-insights' });
    expect(pending.consent_at).not.toBeNull();

    // Again within the resend window: the same answer, and no second email.
    const again = await subscribe(email.toUpperCase());
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await catcher.messages(email)).toHaveLength(1);

    // A confirmed address gets the same answer too, and no email.
    const confirmed = await confirmedReader();
    const known = await subscribe(confirmed.email);
    expect(known.json()).toEqual(first.json());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await catcher.messages(confirmed.email)).toHaveLength(1);
    expect((await row(confirmed.email))!.status).toBe('confirmed');
  });

  it("confirms through the link's page and its form, never on the link alone", async () => {
    const email = `confirm-${uniqueSuffix()}@example.com`;
    await subscribe(email);
    const [mail] = await catcher.waitFor(email);

    const ready = await outcomeOf(await app.inject({ method: 'GET', url: confirmLink(mail!) }), NEWSLETTER_PAGES.confirm);
    expect(ready).toMatchObject({ form: 'newsletterConfirm', outcome: 'ready' });
    // Following the link (as a mail scanner does) confirmed nothing.
    expect((await row(email))!.status).toBe('pending');

    const confirmed = await outcomeOf(
      await postForm('/api/newsletter/confirm/form', { token: ready!.values!.token!, back: NEWSLETTER_PAGES.confirm }),
      NEWSLETTER_PAGES.confirm,
    );
    expect(confirmed).toMatchObject({ form: 'newsletterConfirm', outcome: 'sent' });
    const after = (await row(email))!;
    expect(after.status).toBe('confirmed');
    expect(after.confirmed_at).not.toBeNull();
  });

  it('refuses a confirmation link once it has expired, and one whose expiry or address was altered', async () => {
    const email = `expiry-${uniqueSuffix()}@example.com`;
    await subscribe(email);
    const [mail] = await catcher.waitFor(email);
    const link = confirmLink(mail!);
    const token = new URL(link, SITE).searchParams.get('token')!;
    const [id, expires, signature] = token.split('.') as [string, string, string];

    // A later expiry on the same signature is not this link.
    const stretched = `${id}.${Number(expires) + 3600}.${signature}`;
    expect(await outcomeOf(await app.inject({ method: 'GET', url: `/api/newsletter/confirm?token=${stretched}` }), NEWSLETTER_PAGES.confirm)).toMatchObject({
      outcome: 'refused',
    });
    // Signed for another address (the row id of this one): refused.
    const [secret] = await em.fork().execute<{ signing_secret: string }[]>('select signing_secret from newsletter_settings');
    const forged = confirmationToken(secret!.signing_secret, { id: Number(id), email: 'someone-else@example.com' }, new Date(Date.now() + 3_600_000));
    expect(
      (await outcomeOf(await postForm('/api/newsletter/confirm/form', { token: forged, back: NEWSLETTER_PAGES.confirm }), NEWSLETTER_PAGES.confirm))!.outcome,
    ).toBe('refused');

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(expires) * 1000 - Date.now()) + 500));
    expect(await outcomeOf(await app.inject({ method: 'GET', url: link }), NEWSLETTER_PAGES.confirm)).toMatchObject({ outcome: 'refused' });
    expect(await outcomeOf(await postForm('/api/newsletter/confirm/form', { token, back: NEWSLETTER_PAGES.confirm }), NEWSLETTER_PAGES.confirm)).toMatchObject({
      outcome: 'refused',
    });
    expect((await row(email))!.status).toBe('pending');
  }, 30_000);

  it("unsubscribes with RFC 8058's one-click POST: no session, no page of ours, the signed link is enough", async () => {
    const { email, mail } = await confirmedReader();
    const link = unsubscribeHeaderLink(mail);

    const forged = await app.inject({
      method: 'POST',
      url: link.replace(/token=(\d+)\./, 'token=$1.x'),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(400);
    expect((await row(email))!.status).toBe('confirmed');

    // As a mail program sends it: from nowhere on this site, no cookie, no origin.
    const oneClick = await app.inject({
      method: 'POST',
      url: link,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    const left = (await row(email))!;
    expect(left.status).toBe('unsubscribed');
    expect(left.unsubscribed_at).not.toBeNull();
  });

  it('takes the one-click POST as multipart/form-data too, as RFC 8058 asks mail programs to send it, and only on that route', async () => {
    const { email, mail } = await confirmedReader();
    const boundary = 'one-click-boundary';
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const elsewhere = await app.inject({ method: 'POST', url: '/api/newsletter', payload, headers: { ...multipart, origin: SITE } });
    expect(elsewhere.statusCode).toBe(415);
    const oneClick = await app.inject({ method: 'POST', url: unsubscribeHeaderLink(mail), payload, headers: multipart });
    expect(oneClick.statusCode).toBe(200);
    expect((await row(email))!.status).toBe('unsubscribed');
  });

  it("unsubscribes through the email's link and its page's form, which then offers to erase the data", async () => {
    const { email, mail } = await confirmedReader();
    const ready = await outcomeOf(await app.inject({ method: 'GET', url: linkIn(mail, `${SITE}/api/newsletter/unsubscribe?token=`) }), NEWSLETTER_PAGES.leave);
    expect(ready).toMatchObject({ form: 'newsletterLeave', outcome: 'ready' });
    expect((await row(email))!.status).toBe('confirmed');

    const left = await outcomeOf(
      await postForm('/api/newsletter/unsubscribe/form', { token: ready!.values!.token!, back: NEWSLETTER_PAGES.leave }),
      NEWSLETTER_PAGES.leave,
    );
    expect(left).toMatchObject({ form: 'newsletterLeave', outcome: 'sent', values: { token: ready!.values!.token } });
    expect((await row(email))!.status).toBe('unsubscribed');
  });

  it('erases on request: the row goes, a hashed suppression entry stays, and no editor can put the address back', async () => {
    const { email, mail } = await confirmedReader();
    const token = new URL(unsubscribeHeaderLink(mail), SITE).searchParams.get('token')!;

    const erased = await outcomeOf(await postForm('/api/newsletter/erase/form', { token, back: NEWSLETTER_PAGES.leave }), NEWSLETTER_PAGES.leave);
    expect(erased).toMatchObject({ form: 'newsletterErase', outcome: 'sent' });
    expect(await row(email)).toBeUndefined();
    const hash = createHash('sha256').update(email).digest('hex');
    const suppressed = await em
      .fork()
      .execute<{ email_hash: string; reason: string }[]>('select email_hash, reason from newsletter_suppression where email_hash = ?', [hash]);
    expect(suppressed).toEqual([{ email_hash: hash, reason: 'erased' }]);
    // Nothing in the suppression list reads as the address.
    expect(JSON.stringify(await em.fork().execute('select * from newsletter_suppression'))).not.toContain(email);

    const readd = await app.inject({ method: 'POST', url: '/api/admin/newsletter/subscribers', payload: { email }, headers: editor.headers });
    expect(readd.statusCode).toBe(400);
    expect(readd.json().details).toEqual([expect.objectContaining({ path: 'email' })]);
    expect(await row(email)).toBeUndefined();
    // The same link again: its row is gone, so it is no longer valid.
    expect((await outcomeOf(await postForm('/api/newsletter/erase/form', { token, back: NEWSLETTER_PAGES.leave }), NEWSLETTER_PAGES.leave))!.outcome).toBe(
      'refused',
    );
  });

  it("keeps an erased mailbox off the list: a stranger's sign-ups of any spelling of it send one 'was this you?' email in all and subscribe nobody; its owner's confirmation does", async () => {
    const local = `erased${uniqueSuffix()}`;
    const { email, mail } = await confirmedReader(`${local}@gmail.com`);
    const token = new URL(unsubscribeHeaderLink(mail), SITE).searchParams.get('token')!;
    expect((await outcomeOf(await postForm('/api/newsletter/erase/form', { token, back: NEWSLETTER_PAGES.leave }), NEWSLETTER_PAGES.leave))!.outcome).toBe(
      'sent',
    );
    expect(await suppressed(email)).toBe(true);

    // Anyone signs the address up again, in every spelling Gmail delivers to the same mailbox: the same answer as any sign-up.
    const spellings = [email, `${local}+1@gmail.com`, `${local.slice(0, 3)}.${local.slice(3)}+2@googlemail.com`, `${local}+3@gmail.com`];
    for (const spelling of spellings) expect((await subscribe(spelling)).json()).toEqual({ message: NEWSLETTER_SUCCESS_MESSAGE });
    const [, returning] = await catcher.waitFor(email, 2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The confirmation before the erasure, and one "was this you?" for all those sign-ups.
    expect(await mailboxMessages(email)).toHaveLength(2);
    expect(returning!.text).toContain("removed from The AI Mind's list at its owner's request");
    // Nobody was subscribed, and the suppression stands until the mailbox answers.
    const rows = await em.fork().execute<{ status: string }[]>('select status from newsletter_subscriber where email like ?', [`%${local.slice(3)}%`]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.status).filter((status) => status !== 'pending')).toEqual([]);
    expect(await suppressed(email)).toBe(true);

    // The mailbox's owner confirms from the email it received: back on the list, the fingerprint gone.
    await confirmFrom(returning!);
    expect((await row(email))!.status).toBe('confirmed');
    expect(await suppressed(email)).toBe(false);
  }, 40_000);

  it('sends no digest to a mailbox erased from the list, not even to another spelling of it confirmed before', async () => {
    const local = `twice${uniqueSuffix()}`;
    const plain = await confirmedReader(`${local}@gmail.com`);
    const tagged = await confirmedReader(`${local}+news@gmail.com`);
    const token = new URL(unsubscribeHeaderLink(plain.mail), SITE).searchParams.get('token')!;
    expect((await outcomeOf(await postForm('/api/newsletter/erase/form', { token, back: NEWSLETTER_PAGES.leave }), NEWSLETTER_PAGES.leave))!.outcome).toBe(
      'sent',
    );

    await createArticle(em, { title: 'Published after an erasure' });
    const started = await app.inject({ method: 'POST', url: '/api/admin/newsletter/digests', headers: editor.headers });
    expect(started.statusCode).toBe(201);
    const digestId = started.json().digestId as number;
    const deadline = Date.now() + 30_000;
    const status = async () => (await em.fork().execute<{ status: string }[]>('select status from newsletter_digest where id = ?', [digestId]))[0]!.status;
    while ((await status()) !== 'sent' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await status()).toBe('sent');

    const [delivery] = await em
      .fork()
      .execute<{ status: string }[]>(
        'select d.status from newsletter_delivery d join newsletter_subscriber s on s.id = d.subscriber_id where d.digest_id = ? and s.email = ?',
        [digestId, tagged.email],
      );
    expect(delivery).toEqual({ status: 'skipped' });
    expect((await mailboxMessages(tagged.email)).filter((mail) => !mail.subject.startsWith('Confirm'))).toEqual([]);
  }, 60_000);

  it('sends one mailbox at most its limit of confirmations, whatever spellings of it are signed up and from wherever', async () => {
    const local = `flooded${uniqueSuffix()}`;
    const spellings = [
      `${local}@gmail.com`,
      `${local}+1@gmail.com`,
      `${local}+2@gmail.com`,
      `${local.slice(0, 4)}.${local.slice(4)}@gmail.com`,
      `${local}@googlemail.com`,
      `${local.slice(0, 2)}.${local.slice(2)}+x@googlemail.com`,
    ];
    // Each from another client, so no sender's own limit stops them.
    for (const spelling of spellings) expect((await subscribe(spelling)).statusCode).toBe(201);
    const deadline = Date.now() + 20_000;
    while ((await mailboxMessages(spellings[0]!)).length < MAILBOX_CONFIRMATIONS.perWindow && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mailboxMessages(spellings[0]!)).toHaveLength(MAILBOX_CONFIRMATIONS.perWindow);
    // Another mailbox of the same provider is not held back by it.
    const other = `other${uniqueSuffix()}@gmail.com`;
    await subscribe(other);
    await catcher.waitFor(other);
  }, 40_000);

  it("sends the digest's test only to the signed-in account's own address, never to one the request names, a few times an hour", async () => {
    const tester = await signInAdmin(app);
    const own = `tester-${uniqueSuffix()}@example.com`;
    const named = `named-${uniqueSuffix()}@example.com`;
    const test = () => app.inject({ method: 'POST', url: '/api/admin/newsletter/test', payload: { email: named }, headers: tester.headers });

    // An account without an address has nowhere to send it.
    const nowhere = await test();
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().message).toMatch(/no email address/);

    await em.fork().execute('update admin_user set email = ? where username = ?', [own, tester.username]);
    const sent = await test();
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(`Test sent to ${own}.`);
    const [mail] = await catcher.waitFor(own);
    expect(mail!.subject).toMatch(/^\[Test\] /);

    for (let i = 1; i < DIGEST_TESTS_PER_HOUR; i++) expect((await test()).statusCode).toBe(200);
    const limited = await test();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(new RegExp(`${DIGEST_TESTS_PER_HOUR} tests of the digest an hour`));
    await catcher.waitFor(own, DIGEST_TESTS_PER_HOUR);
    expect(await catcher.messages(own)).toHaveLength(DIGEST_TESTS_PER_HOUR);
    expect(await catcher.messages(named)).toEqual([]);
  }, 40_000);

  it('lists, searches, counts and exports subscribers for an editor, whose sign-ups and unsubscriptions are in the audit log', async () => {
    const email = `by-editor-${uniqueSuffix()}@example.com`;
    const added = await app.inject({ method: 'POST', url: '/api/admin/newsletter/subscribers', payload: { email }, headers: editor.headers });
    expect(added.statusCode).toBe(201);
    await catcher.waitFor(email);
    expect((await row(email))!).toMatchObject({ status: 'pending', consent_source: `admin:${editor.username}` });

    const found = await app.inject({
      method: 'GET',
      url: `/api/admin/newsletter/subscribers?search=${encodeURIComponent(email.slice(0, 20))}&status=pending`,
      headers: editor.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.headers['x-total-count']).toBe('1');
    const [subscriber] = found.json() as { id: number; email: string; status: string }[];
    expect(subscriber).toMatchObject({ email, status: 'pending' });

    const unsubscribed = await app.inject({ method: 'POST', url: `/api/admin/newsletter/subscribers/${subscriber!.id}/unsubscribe`, headers: editor.headers });
    expect(unsubscribed.statusCode).toBe(200);
    expect((await row(email))!.status).toBe('unsubscribed');

    const csv = await app.inject({ method: 'GET', url: `/api/admin/newsletter/subscribers.csv?search=${encodeURIComponent(email)}`, headers: editor.headers });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('email,status,signed_up_at,consent_source,consent_at,confirmed_at,unsubscribed_at');
    expect(csv.body).toContain(`"${email}","unsubscribed"`);

    const counts = (await app.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers/counts', headers: editor.headers })).json() as Record<
      string,
      number
    >;
    expect(counts.unsubscribed).toBeGreaterThanOrEqual(1);

    const audit = await em
      .fork()
      .execute<{ action: string; target: string | null }[]>('select action, target_id as target from audit_log where actor = ? order by id', [editor.username]);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'POST /api/admin/newsletter/subscribers' }),
        expect.objectContaining({ action: 'POST /api/admin/newsletter/subscribers/:id/unsubscribe', target: String(subscriber!.id) }),
      ]),
    );

    // Not for anyone without a session.
    expect((await app.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers' })).statusCode).toBe(401);
  });
});
