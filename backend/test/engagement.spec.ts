import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import { CommentSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { PageView, PageViewTokens } from '../src/modules/analytics/index.js';
import { Article } from '../src/modules/articles/index.js';
import { Interaction } from '../src/modules/interactions/index.js';
import { INTERACTION_LIMITS } from '../src/modules/interactions/interactions.controller.js';
import { VISITOR_COOKIE } from '../src/modules/interactions/visitor-id.js';
import { NewsletterSubscriber } from '../src/modules/newsletter/index.js';
import { createArticle } from './support/article-factory.js';
import { startFakeLlm } from './support/fake-llm-server.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

/** Queues of their own (Redis database 6), so only this file's worker takes its AI jobs. */
const REDIS_URL = suiteRedisUrl('engagement');
let nextIp = 1;
/** A fresh client address per call site, so limits of one test never touch another. */
const client = () => `10.6.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

describe('engagement', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  beforeAll(async () => {
    app = await createApiApp(testConfig({ REDIS_URL }));
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  const counters = async (id: number) => {
    const article = await em.fork().findOneOrFail(Article, id);
    return { likes: article.likes, shares: article.shares, comments: article.comments };
  };

  describe('likes and shares', () => {
    it('counts 200 concurrent likes exactly', async () => {
      const article = await createArticle(em, { likes: 0 });
      const responses = await Promise.all(
        Array.from({ length: 200 }, () =>
          app.inject({ method: 'POST', url: '/api/interactions', payload: { articleId: article.id, type: 'like' }, remoteAddress: client() }),
        ),
      );
      expect(responses.every((r) => r.statusCode === 201)).toBe(true);
      expect((await counters(article.id)).likes).toBe(200);
      expect(await em.fork().count(Interaction, { articleId: article.id, type: 'like' })).toBe(200);
    });

    it('answers with the new counters and records a share with its text', async () => {
      const article = await createArticle(em, { likes: 4 });
      const response = await app.inject({
        method: 'POST',
        url: '/api/interactions',
        payload: { articleId: article.id, type: 'share', content: 'First 100 characters' },
        remoteAddress: client(),
      });
      expect(response.json()).toEqual({ likes: 4, shares: 1 });
      expect(await em.fork().findOne(Interaction, { articleId: article.id })).toMatchObject({ type: 'share', content: 'First 100 characters' });
    });

    it('counts a reader’s like and share once, however often they repeat it, and says so with the current counters', async () => {
      const article = await createArticle(em, { likes: 0 });
      const first = await app.inject({ method: 'POST', url: '/api/interactions', payload: { articleId: article.id, type: 'like' }, remoteAddress: client() });
      const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/interactions' });
      const again = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/interactions',
            payload: { articleId: article.id, type: 'like' },
            remoteAddress: client(),
            cookies: { [VISITOR_COOKIE]: cookie.value },
          }),
        ),
      );
      expect(again.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(again.map((r) => r.json())).toEqual(Array.from({ length: 5 }, () => ({ likes: 1, shares: 0 })));
      expect(again.every((r) => r.cookies.length === 0)).toBe(true);
      const share = await app.inject({
        method: 'POST',
        url: '/api/interactions',
        payload: { articleId: article.id, type: 'share' },
        remoteAddress: client(),
        cookies: { [VISITOR_COOKIE]: cookie.value },
      });
      expect(share.json()).toEqual({ likes: 1, shares: 1 });
      expect(await counters(article.id)).toMatchObject({ likes: 1, shares: 1 });
      expect(await em.fork().count(Interaction, { articleId: article.id })).toBe(2);
    });

    it('counts every reader behind one shared address, and a forged visitor id is replaced', async () => {
      const article = await createArticle(em, { likes: 0 });
      const office = client();
      const readers = ['', 'not-a-uuid', ...Array.from({ length: 8 }, () => crypto.randomUUID())];
      const statuses = [];
      for (const id of readers) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/interactions',
          payload: { articleId: article.id, type: 'like' },
          remoteAddress: office,
          ...(id ? { cookies: { [VISITOR_COOKIE]: id } } : {}),
        });
        statuses.push(response.statusCode);
        if (id === 'not-a-uuid') expect(response.cookies.find((c) => c.name === VISITOR_COOKIE)?.value).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(statuses).toEqual(readers.map(() => 201));
      expect((await counters(article.id)).likes).toBe(readers.length);
    });

    it('still stops a flood from one address that throws its visitor ids away, saying when to retry', async () => {
      const article = await createArticle(em, { likes: 0 });
      const ip = client();
      const limit = INTERACTION_LIMITS.perArticle.like;
      const responses = [];
      for (let i = 0; i < limit + 2; i += 1)
        responses.push(await app.inject({ method: 'POST', url: '/api/interactions', payload: { articleId: article.id, type: 'like' }, remoteAddress: ip }));
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(limit);
      const refused = responses.at(-1)!;
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/try again in \d+ (seconds|minutes?)/);
      expect((await counters(article.id)).likes).toBe(limit);
    });

    it('refuses unknown articles, drafts and unknown types clearly', async () => {
      const draft = await createArticle(em, { approved: false });
      for (const articleId of [999_999_999, draft.id]) {
        const response = await app.inject({ method: 'POST', url: '/api/interactions', payload: { articleId, type: 'like' }, remoteAddress: client() });
        expect(response.statusCode).toBe(404);
      }
      const bad = await app.inject({ method: 'POST', url: '/api/interactions', payload: { articleId: draft.id, type: 'love' }, remoteAddress: client() });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([{ path: 'type', message: "must be 'like' or 'share'" }]);
    });
  });

  describe('comments', () => {
    const post = (articleId: number, payload: Record<string, unknown>, remoteAddress = client()) =>
      app.inject({ method: 'POST', url: `/api/articles/${articleId}/comments`, payload, remoteAddress });

    it('stores a comment as text, counts it, and lists it newest first without a reply yet', async () => {
      const article = await createArticle(em);
      const first = await post(article.id, { authorName: ' Ada ', content: 'First <b>thought</b>' });
      // A reader cannot give their name a link: only a comment from the fediverse carries its author's profile.
      const second = await post(article.id, { authorName: 'Grace', content: 'Second thought', authorUrl: 'javascript:alert(1)' });
      expect(second.json()).toMatchObject({ authorName: 'Grace', authorUrl: null });
      expect(first.statusCode).toBe(201);
      expect(CommentSchema.parse(first.json())).toMatchObject({ authorName: 'Ada', authorUrl: null, content: 'First <b>thought</b>', aiResponse: null });
      expect(second.statusCode).toBe(201);
      const list = (await app.inject({ method: 'GET', url: `/api/articles/${article.id}/comments` })).json();
      expect(list.map((c: { authorName: string }) => c.authorName)).toEqual(['Grace', 'Ada']);
      expect((await counters(article.id)).comments).toBe(2);
    });

    it('needs both name and comment, with the spec message', async () => {
      const article = await createArticle(em);
      const response = await post(article.id, { authorName: '  ', content: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'authorName', message: 'Both name and comment are required.' },
        { path: 'content', message: 'Both name and comment are required.' },
      ]);
    });

    it.each([
      ['a link flood', 'Buy now https://a.example https://b.example http://c.example', 'This comment looks like spam: please keep it to at most two links.'],
      ['repeated words', 'cheap pills '.repeat(10), 'This comment looks like spam: it repeats the same words over and over.'],
      ['a repeated character', `Great${'!'.repeat(40)}`, 'This comment looks like spam: it repeats one character over and over.'],
    ])('refuses %s with a clear message and stores nothing', async (_name, content, message) => {
      const article = await createArticle(em);
      const response = await post(article.id, { authorName: 'Bot', content });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'content', message }]);
      expect((await counters(article.id)).comments).toBe(0);
    });

    it('refuses the same comment twice from one client, and a burst', async () => {
      const article = await createArticle(em);
      const ip = client();
      expect((await post(article.id, { authorName: 'Ann', content: 'Same words' }, ip)).statusCode).toBe(201);
      expect((await post(article.id, { authorName: 'Ann', content: 'Same words' }, ip)).json().details[0].message).toBe(
        'You posted this same comment here a few minutes ago: it is already on the page, so it was not posted twice.',
      );
      const responses = [];
      for (let i = 0; i < 5; i += 1) responses.push(await post(article.id, { authorName: 'Ann', content: `Words ${i}` }, ip));
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 429, 429]);
      const refused = responses.at(-1)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(
        /^Comment not posted: at most 5 comments can come from one network address in 5 minutes, and that many just did\. Please try again in \d+ (seconds?|minutes)\.$/,
      );
    });

    it('answers 404 for comments of an unknown article and 400 for a bad id', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/articles/999999999/comments' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/articles/abc/comments' })).statusCode).toBe(400);
    });
  });

  describe('AI replies to comments, written by the worker', () => {
    let worker: ChildProcess | undefined;
    afterEach(async () => {
      if (worker) await stopProcess(worker);
      worker = undefined;
    });

    async function replyOf(articleId: number, commentId: number, timeoutMs = 25_000): Promise<string | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const list = (await app.inject({ method: 'GET', url: `/api/articles/${articleId}/comments` })).json() as { id: number; aiResponse: string | null }[];
        const reply = list.find((c) => c.id === commentId)?.aiResponse ?? null;
        if (reply || Date.now() > deadline) return reply;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    it('replies by name from the article (offline engine)', async () => {
      worker = await startReportedWorker({ REDIS_URL });
      const article = await createArticle(em, { content: '<p>Remote work emptied offices but filled cafés at lunchtime across the city.</p>' });
      const comment = (
        await app.inject({
          method: 'POST',
          url: `/api/articles/${article.id}/comments`,
          payload: { authorName: 'Lin', content: 'Cafés are the new offices.' },
          remoteAddress: client(),
        })
      ).json();
      const reply = await replyOf(article.id, comment.id);
      expect(reply).toMatch(/^Lin, /);
      expect(reply).toContain('Remote work emptied offices but filled cafés at lunchtime across the city.');
    });

    it('keeps the comment through a provider failure and writes the reply on a retry', async () => {
      const llm = await startFakeLlm();
      llm.script(
        { kind: 'status', status: 503 },
        { kind: 'status', status: 503 },
        { kind: 'answer', text: 'Mo, patience is a virtue humans rediscover daily.' },
      );
      worker = await startReportedWorker({ REDIS_URL, AI_BASE_URL: llm.baseUrl, AI_MODEL: 'test-model', AI_TIMEOUT_MS: '5000' });
      try {
        const article = await createArticle(em);
        const comment = (
          await app.inject({
            method: 'POST',
            url: `/api/articles/${article.id}/comments`,
            payload: { authorName: 'Mo', content: 'Slow site today?' },
            remoteAddress: client(),
          })
        ).json();
        const listed = (await app.inject({ method: 'GET', url: `/api/articles/${article.id}/comments` })).json();
        expect(listed[0]).toMatchObject({ id: comment.id, content: 'Slow site today?' });
        expect(await replyOf(article.id, comment.id)).toBe('Mo, patience is a virtue humans rediscover daily.');
        expect(llm.requests.length).toBe(3);
      } finally {
        await llm.close();
      }
    }, 40_000);
  });

  describe('newsletter, country and page views', () => {
    it('subscribes an address once, whatever its case, and refuses a bad one', async () => {
      const email = `Reader.${uniqueSuffix()}@Example.com`;
      for (const address of [email, email.toLowerCase()]) {
        const response = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: address }, remoteAddress: client() });
        expect(response.statusCode).toBe(201);
        expect(response.json().message).toBe('Almost there: check your inbox for a link to confirm your subscription.');
      }
      expect(await em.fork().count(NewsletterSubscriber, { email: email.toLowerCase() })).toBe(1);
      const bad = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'nope' }, remoteAddress: client() });
      expect(bad.json().details).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
    });

    describe('behind a CDN that sets cf-ipcountry', () => {
      let behindCdn: NestFastifyApplication;
      beforeAll(async () => {
        behindCdn = await createApiApp(testConfig({ REDIS_URL, TRUSTED_COUNTRY_HEADER: 'cf-ipcountry' }));
      });
      afterAll(() => behindCdn.close());

      it.each([
        [{ 'cf-ipcountry': 'de' }, 'DE'],
        [{ 'cf-ipcountry': 'XX', 'accept-language': 'fr-FR,fr;q=0.9' }, 'FR'],
        [{ 'accept-language': 'en;q=0.8, pt-BR' }, 'BR'],
        [{ 'accept-language': 'en' }, null],
        [{}, null],
      ])('finds the country from %p', async (headers, country) => {
        const response = await behindCdn.inject({ method: 'GET', url: '/api/geo', headers: headers as Record<string, string> });
        expect(response.json()).toEqual({ country });
      });
    });

    it('stores a page view with its source and the visitor country', async () => {
      const path = `/article/view-${uniqueSuffix()}`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics/pageview',
        payload: { path, title: 'A page', source: 'google', token: await app.get(PageViewTokens).issue(path) },
        headers: { 'accept-language': 'en-IE' },
        remoteAddress: client(),
      });
      expect(response.statusCode).toBe(202);
      expect(await em.fork().findOne(PageView, { path })).toMatchObject({ source: 'google', country: 'IE', title: 'A page' });
    });
  });
});
