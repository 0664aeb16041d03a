import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { createECDH, randomBytes } from 'node:crypto';
import type { NewsletterStatus } from '@ai-mind/contracts';
import { createApiApp } from '../../src/app/create-api-app.js';
import { REDIS } from '../../src/common/redis.token.js';
import { PageView, PageViewTokens } from '../../src/modules/analytics/index.js';
import { Comment } from '../../src/modules/comments/index.js';
import { ContactSubmission } from '../../src/modules/contact/index.js';
import { ErrorReport } from '../../src/modules/error-reports/index.js';
import { Interaction } from '../../src/modules/interactions/index.js';
import { NewsletterSubscriber } from '../../src/modules/newsletter/index.js';
import { NewsletterSecret } from '../../src/modules/newsletter/newsletter-secret.js';
import { confirmationToken, suppressionHash, unsubscribeToken } from '../../src/modules/newsletter/newsletter-tokens.js';
import { createArticle } from '../support/article-factory.js';
import { testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally, randomIp } from './attack-tally.js';

const tally = attackTally('public-writes');

const EVIL = 'https://evil.example';
/** What a browser sends when a page on another site posts (a form, a fetch, an auto-submitted form). */
const CROSS_SITE_SENDERS: Record<string, Record<string, string>> = {
  'Origin of another site': { origin: EVIL },
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
  'both, as Chromium sends them': { origin: EVIL, 'sec-fetch-site': 'cross-site' },
  'a sibling subdomain (same-site)': { origin: 'https://news.localhost', 'sec-fetch-site': 'same-site' },
  'a sandboxed frame (Origin: null)': { origin: 'null' },
};
const SITE = { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };

type Body = Record<string, string | number | boolean | object>;
interface PublicWrite {
  url: string;
  body: Body;
  /** Whether the body can come as a form at all (a number field cannot come urlencoded: the JSON answer is 400). */
  form: boolean;
  /** What this call left behind (rows, a conversation), counted by its own marker; none for the chat summary, which stores nothing (it spends a model call). */
  written?: () => Promise<number>;
}

const WRITES = [
  'comment',
  'comment form',
  'error report',
  'error report form',
  'contact',
  'contact form',
  'newsletter',
  'newsletter form',
  'newsletter confirm form',
  'newsletter unsubscribe form',
  'newsletter erase form',
  'chat',
  'chat summary',
  'page view',
  'like',
  'like form',
  'follow form',
  'follow confirm form',
  'follow unsubscribe form',
  'follow push',
] as const;

const urlencoded = (body: Body) => new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('public writes come from the site itself', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let redis: Redis;
  let articleId: number;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    em = app.get(EntityManager);
    redis = app.get<Redis>(REDIS);
    articleId = (await createArticle(em)).id;
  });
  afterAll(() => app.close());

  /** Every public route that changes something, each with a fresh marker so its traces can be counted. */
  async function writes(): Promise<Record<(typeof WRITES)[number], PublicWrite>> {
    const marker = `marker-${uniqueSuffix()}`;
    const chatSession = `session-${marker}`;
    // The like form carries no text of its own: an article of its own marks its like.
    const liked = (await createArticle(em)).id;
    // A conversation to summarise, so the summary would answer (and spend a model call) if it ran.
    const summarised = `summary-${marker}`;
    await redis.rpush(`ai-mind:chat:turns:${summarised}`, JSON.stringify({ role: 'user', content: 'What is new?' }));
    // Readers whose email links the newsletter pages' forms carry (a pending one to confirm, confirmed ones to leave and erase).
    const reader = async (name: string, status: 'pending' | 'confirmed') => {
      const email = `${marker}-${name}@example.com`;
      const [row] = await em
        .fork()
        .execute<{ id: number }[]>(
          `insert into newsletter_subscriber (email, status, consent_text, confirmed_at) values (?, ?, 'test consent', case when ? = 'confirmed' then now() end) returning id`,
          [email, status, status],
        );
      return { id: row!.id, email };
    };
    const secret = await app.get(NewsletterSecret).get();
    const [confirming, leaving, erasing] = [await reader('confirm', 'pending'), await reader('leave', 'confirmed'), await reader('erase', 'confirmed')];
    const withStatus = (email: string, status: NewsletterStatus) => em.fork().count(NewsletterSubscriber, { email, status });
    // Followers of a category by email whose links the follow pages' forms carry (a pending one to confirm, a confirmed one to leave).
    const follower = async (name: string, status: 'pending' | 'confirmed') => {
      const address = `${marker}-follow-${name}@example.com`;
      const [row] = await em.fork().execute<{ id: string }[]>(
        `insert into follow (channel, email, category, status, consent_text, consent_source, consent_at, confirmed_at)
           values ('email', ?, 'Technology', ?, 'test consent', '/', now(), case when ? = 'confirmed' then now() end) returning id`,
        [address, status, status],
      );
      // As the follows module signs its links: the id, and the address with its channel.
      return { address, subject: { id: Number(row!.id), email: `email:${address}` } };
    };
    const followsWith = async (address: string, status: string) =>
      (await em.fork().execute('select 1 from follow where email = ? and status = ?', [address, status])).length;
    const [followConfirming, followLeaving] = [await follower('confirm', 'pending'), await follower('leave', 'confirmed')];
    // A browser's subscription as PushSubscription.toJSON() gives it (its endpoint a public address; nothing is sent here).
    const pushEndpoint = `https://1.1.1.1/push/${marker}`;
    const pushKeys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    return {
      comment: {
        url: `/api/articles/${articleId}/comments`,
        body: { authorName: 'Reader', content: marker },
        form: true,
        written: () => em.fork().count(Comment, { content: marker }),
      },
      contact: {
        url: '/api/contact',
        body: { name: 'Reader', email: 'reader@example.com', subject: 'Hello', message: marker },
        form: true,
        written: () => em.fork().count(ContactSubmission, { message: marker }),
      },
      newsletter: {
        url: '/api/newsletter',
        body: { email: `${marker}@example.com` },
        form: true,
        written: () => em.fork().count(NewsletterSubscriber, { email: `${marker}@example.com` }),
      },
      // The pages' forms as the browser posts them without JavaScript.
      'comment form': {
        url: `/api/articles/${articleId}/comments/form`,
        body: { authorName: 'Reader', content: `${marker} form`, back: '/' },
        form: true,
        written: () => em.fork().count(Comment, { content: `${marker} form` }),
      },
      'error report': {
        url: `/api/articles/${articleId}/error-reports`,
        body: { details: marker },
        form: true,
        written: () => em.fork().count(ErrorReport, { details: marker }),
      },
      'error report form': {
        url: `/api/articles/${articleId}/error-reports/form`,
        body: { details: `${marker} form`, back: '/' },
        form: true,
        written: () => em.fork().count(ErrorReport, { details: `${marker} form` }),
      },
      'contact form': {
        url: '/api/contact/form',
        body: { name: 'Reader', email: 'reader@example.com', subject: 'Hello', message: `${marker} form`, back: '/contact' },
        form: true,
        written: () => em.fork().count(ContactSubmission, { message: `${marker} form` }),
      },
      'newsletter form': {
        url: '/api/newsletter/form',
        body: { email: `${marker}-form@example.com`, back: '/' },
        form: true,
        written: () => em.fork().count(NewsletterSubscriber, { email: `${marker}-form@example.com` }),
      },
      'newsletter confirm form': {
        url: '/api/newsletter/confirm/form',
        body: { token: confirmationToken(secret, confirming, new Date(Date.now() + 3_600_000)), back: '/newsletter/confirm' },
        form: true,
        written: () => withStatus(confirming.email, 'confirmed'),
      },
      'newsletter unsubscribe form': {
        url: '/api/newsletter/unsubscribe/form',
        body: { token: unsubscribeToken(secret, leaving), back: '/newsletter/unsubscribe' },
        form: true,
        written: () => withStatus(leaving.email, 'unsubscribed'),
      },
      'newsletter erase form': {
        url: '/api/newsletter/erase/form',
        body: { token: unsubscribeToken(secret, erasing), back: '/newsletter/unsubscribe' },
        form: true,
        written: async () => (await em.fork().execute('select 1 from newsletter_suppression where email_hash = ?', [suppressionHash(erasing.email)])).length,
      },
      chat: {
        url: '/api/chat',
        body: { message: `Tell me about ${marker}`, sessionId: chatSession },
        form: true,
        written: () => redis.llen(`ai-mind:chat:turns:${chatSession}`),
      },
      'chat summary': { url: '/api/chat/summary', body: { sessionId: summarised, articleId }, form: false },
      'page view': {
        url: '/api/analytics/pageview',
        body: { path: `/${marker}`, source: 'direct', token: await app.get(PageViewTokens).issue(`/${marker}`) },
        form: true,
        written: () => em.fork().count(PageView, { path: `/${marker}` }),
      },
      like: {
        url: '/api/interactions',
        body: { articleId, type: 'share', content: marker },
        form: false,
        written: () => em.fork().count(Interaction, { content: marker }),
      },
      'like form': {
        url: '/api/interactions/form',
        body: { articleId: liked, type: 'like', back: '/' },
        form: true,
        written: () => em.fork().count(Interaction, { articleId: liked }),
      },
      'follow form': {
        url: '/api/follows/form',
        body: { email: `${marker}-follows@example.com`, category: 'Technology', mode: 'each', back: '/category/Technology' },
        form: true,
        written: async () => (await em.fork().execute('select 1 from follow where email = ?', [`${marker}-follows@example.com`])).length,
      },
      'follow confirm form': {
        url: '/api/follows/confirm/form',
        body: { token: confirmationToken(secret, followConfirming.subject, new Date(Date.now() + 3_600_000), 'follow-confirm'), back: '/follow/confirm' },
        form: true,
        written: () => followsWith(followConfirming.address, 'confirmed'),
      },
      'follow unsubscribe form': {
        url: '/api/follows/unsubscribe/form',
        body: { token: unsubscribeToken(secret, followLeaving.subject, 'follow-unsubscribe'), back: '/follow/unsubscribe' },
        form: true,
        written: () => followsWith(followLeaving.address, 'unsubscribed'),
      },
      'follow push': {
        url: '/api/follows/push',
        body: { subscription: { endpoint: pushEndpoint, keys: pushKeys }, target: { category: 'Technology' }, consent: true },
        form: false,
        written: async () => (await em.fork().execute('select 1 from push_subscription where endpoint = ?', [pushEndpoint])).length,
      },
    };
  }

  const send = (write: PublicWrite, headers: Record<string, string>, asForm: boolean) =>
    app.inject({
      method: 'POST',
      url: write.url,
      headers: { ...headers, 'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json' },
      payload: asForm ? urlencoded(write.body) : JSON.stringify(write.body),
      remoteAddress: randomIp(),
    });

  it('covers every public route that changes something', async () => {
    const routes = app.getHttpAdapter().getInstance().registeredRoutes;
    const declared = routes.filter((route) => route.access === 'public-write').map((route) => route.url.replace(':id', String(articleId)));
    expect(declared.sort()).toEqual(
      Object.values(await writes())
        .map((w) => w.url)
        .sort(),
    );
    expect(routes.filter((route) => route.access === 'public' && !['GET', 'HEAD', 'OPTIONS'].includes(route.method))).toEqual([]);
  });

  describe.each(Object.entries(CROSS_SITE_SENDERS))('refuses a post sent with %s', (_sender, headers) => {
    it.each(WRITES)('to the %s, as JSON and as a form, and writes nothing', async (name) => {
      const write = (await writes())[name];
      for (const asForm of [false, true]) {
        const response = await send(write, headers, asForm);
        const nothingWritten = write.written ? (await write.written()) === 0 : true;
        const held = response.statusCode === 403 && response.json().message === 'Cross-site request refused.' && nothingWritten;
        expect({ asForm, status: response.statusCode, held: tally.attempt(held) }).toEqual({ asForm, status: 403, held: true });
      }
    });
  });

  it.each(WRITES)('accepts the %s from the site itself, and from clients that are no web page', async (name) => {
    for (const headers of [SITE, {}]) {
      const write = (await writes())[name];
      const response = await send(write, headers, write.form);
      expect(response.statusCode).toBeLessThan(400);
      if (write.written) expect(await write.written()).toBeGreaterThan(0);
    }
  });
});
