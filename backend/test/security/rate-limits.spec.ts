import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InjectOptions } from 'fastify';
import { createApiApp } from '../../src/app/create-api-app.js';
import { CHAT_RATE_LIMIT } from '../../src/modules/chat/chat.controller.js';
import { COMMENT_LIMIT } from '../../src/modules/comments/comments.controller.js';
import { CONTACT_LIMIT } from '../../src/modules/contact/contact.controller.js';
import { INTERACTION_LIMITS } from '../../src/modules/interactions/interactions.controller.js';
import { NEWSLETTER_LIMIT } from '../../src/modules/newsletter/newsletter.controller.js';
import { Comment } from '../../src/modules/comments/index.js';
import { Article } from '../../src/modules/articles/index.js';
import { PeopleService } from '../../src/modules/people/index.js';
import { createArticle } from '../support/article-factory.js';
import { testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally, isClearError, randomIp } from './attack-tally.js';

const tally = attackTally('rate-limits');
const EXTRA = 15;

/**
 * A concurrent burst from one client: exactly the limit gets through, the rest are 429 with a clear
 * message and Retry-After, the window still holds afterwards, and the refused writes left nothing
 * behind. (Several API instances share the same Redis counters: backend/test/multi-instance.spec.ts.)
 */
describe('rate limits hold under a concurrent burst', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let articleId: number;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    em = app.get(EntityManager);
    articleId = (await createArticle(em)).id;
  });
  afterAll(() => app.close());

  /** A burst from one client: by default one address, or each call from `address(i)`. */
  async function burst(
    limit: number,
    send: (i: number) => InjectOptions,
    address: (i: number) => string = (
      (ip) => () =>
        ip
    )(randomIp()),
  ) {
    const responses = await Promise.all(Array.from({ length: limit + EXTRA }, (_, i) => app.inject({ ...send(i), remoteAddress: address(i) })));
    const ok = responses.filter((r) => r.statusCode < 300).length;
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(limited.every((r) => isClearError(r.json()) && Number(r.headers['retry-after']) > 0)).toBe(true);
    for (let i = 0; i < EXTRA; i += 1) tally.attempt(i < limited.length);
    expect({ ok, limited: limited.length }).toEqual({ ok: limit, limited: EXTRA });
    // The window holds after the burst too.
    const after = await app.inject({ ...send(limit + EXTRA), remoteAddress: address(limit + EXTRA) });
    expect(tally.attempt(after.statusCode === 429)).toBe(true);
  }

  it('comments', async () => {
    const marker = uniqueSuffix();
    await burst(COMMENT_LIMIT.perWindow, (i) => ({
      method: 'POST',
      url: `/api/articles/${articleId}/comments`,
      payload: { authorName: 'Burst', content: `Burst ${marker} number ${i}` },
    }));
    expect(await em.fork().count(Comment, { content: { $like: `Burst ${marker}%` } })).toBe(COMMENT_LIMIT.perWindow);
    expect((await em.fork().findOneOrFail(Article, articleId)).comments).toBe(COMMENT_LIMIT.perWindow);
  });

  it('chat', async () => {
    const sessionId = `burst-${uniqueSuffix()}`;
    await burst(CHAT_RATE_LIMIT.perWindow, (i) => ({ method: 'POST', url: '/api/chat', payload: { message: `Question ${i}?`, sessionId } }));
  });

  it('contact', async () => {
    const marker = uniqueSuffix();
    await burst(CONTACT_LIMIT.perWindow, (i) => ({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Burst', email: 'burst@example.com', subject: marker, message: `Message ${i}` },
    }));
    const stored = await em.fork().getConnection().execute('select count(*)::int as n from contact_submission where subject = ?', [marker]);
    expect(stored[0].n).toBe(CONTACT_LIMIT.perWindow);
  });

  it('newsletter', async () => {
    await burst(NEWSLETTER_LIMIT.perWindow, (i) => ({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: `burst-${uniqueSuffix()}-${i}@example.com` },
    }));
  });

  it('likes on one article', async () => {
    const target = (await createArticle(em)).id;
    await burst(INTERACTION_LIMITS.perArticle.like, () => ({ method: 'POST', url: '/api/interactions', payload: { articleId: target, type: 'like' } }));
    expect((await em.fork().findOneOrFail(Article, target)).likes).toBe(INTERACTION_LIMITS.perArticle.like);
  });

  it('interactions across articles', async () => {
    const targets = await Promise.all(Array.from({ length: 40 }, () => createArticle(em)));
    await burst(INTERACTION_LIMITS.perClient.perWindow, (i) => ({
      method: 'POST',
      url: '/api/interactions',
      payload: { articleId: targets[i % targets.length]!.id, type: 'share' },
    }));
  });

  describe('an IPv6 client is its /64 network, whichever of its addresses it sends from', () => {
    /** Every call from another address of one random /64, as one IPv6 subscriber may send. */
    const oneNetwork = () => {
      const group = () => Math.floor(Math.random() * 0xffff).toString(16);
      const prefix = `2001:db8:${group()}:${group()}`;
      return (i: number) => `${prefix}:${(i + 1).toString(16)}:${group()}:${group()}:${group()}`;
    };

    it('comments', async () => {
      const marker = uniqueSuffix();
      // The case: 12 comments from 12 addresses of one /64 where one address gets 429 after 5.
      expect(COMMENT_LIMIT.perWindow + EXTRA).toBeGreaterThanOrEqual(12);
      await burst(
        COMMENT_LIMIT.perWindow,
        (i) => ({ method: 'POST', url: `/api/articles/${articleId}/comments`, payload: { authorName: 'Burst', content: `Burst v6 ${marker} number ${i}` } }),
        oneNetwork(),
      );
      expect(await em.fork().count(Comment, { content: { $like: `Burst v6 ${marker}%` } })).toBe(COMMENT_LIMIT.perWindow);
    });

    it('likes on one article', async () => {
      const target = (await createArticle(em)).id;
      await burst(
        INTERACTION_LIMITS.perArticle.like,
        () => ({ method: 'POST', url: '/api/interactions', payload: { articleId: target, type: 'like' } }),
        oneNetwork(),
      );
      expect((await em.fork().findOneOrFail(Article, target)).likes).toBe(INTERACTION_LIMITS.perArticle.like);
    });

    it('contact', async () => {
      await burst(
        CONTACT_LIMIT.perWindow,
        (i) => ({ method: 'POST', url: '/api/contact', payload: { name: 'Burst', email: 'burst@example.com', subject: 'v6', message: `Message ${i}` } }),
        oneNetwork(),
      );
    });

    it('the sign-in lockout', async () => {
      const username = `v6-${uniqueSuffix()}`;
      await app.get(PeopleService).saveAccount({ username, password: 'a-long-test-password', role: 'owner' });
      const address = oneNetwork();
      const limit = testConfig().auth.loginMaxFailures;
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username, password: `guess-${i}` },
          remoteAddress: address(i),
        });
        statuses.push(response.statusCode);
      }
      expect(tally.attempt(statuses.at(-1) === 429)).toBe(true);
      expect(statuses).toEqual([...Array<number>(limit).fill(401), 429]);
      // Another network is not locked out of the username.
      const other = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username, password: 'a-long-test-password' },
        remoteAddress: oneNetwork()(0),
      });
      expect(other.statusCode).toBe(200);
    });
  });
});
