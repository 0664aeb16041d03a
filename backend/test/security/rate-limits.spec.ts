import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InjectOptions } from 'fastify';
import { createApiApp } from '../../src/app/create-api-app.js';
import { CHAT_RATE_LIMIT } from '../../src/modules/chat/chat.controller.js';
import { COMMENT_LIMIT } from '../../src/modules/comments/comments.controller.js';
import { CONTACT_LIMIT } from '../../src/modules/contact/contact.controller.js';
import { INTERACTION_LIMITS } from '../../src/modules/interactions/interactions.controller.js';
import { NEWSLETTER_LIMIT } from '../../src/modules/newsletter/newsletter.controller.js';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Article } from '../../src/modules/articles/article.entity.js';
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

  async function burst(limit: number, send: (i: number) => InjectOptions) {
    const ip = randomIp();
    const responses = await Promise.all(Array.from({ length: limit + EXTRA }, (_, i) => app.inject({ ...send(i), remoteAddress: ip })));
    const ok = responses.filter((r) => r.statusCode < 300).length;
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(limited.every((r) => isClearError(r.json()) && Number(r.headers['retry-after']) > 0)).toBe(true);
    for (let i = 0; i < EXTRA; i += 1) tally.attempt(i < limited.length);
    expect({ ok, limited: limited.length }).toEqual({ ok: limit, limited: EXTRA });
    // The window holds after the burst too.
    const after = await app.inject({ ...send(limit + EXTRA), remoteAddress: ip });
    expect(tally.attempt(after.statusCode === 429)).toBe(true);
  }

  it('comments', async () => {
    const marker = uniqueSuffix();
    await burst(COMMENT_LIMIT.perWindow, (i) => ({ method: 'POST', url: `/api/articles/${articleId}/comments`, payload: { authorName: 'Burst', content: `Burst ${marker} number ${i}` } }));
    expect(await em.fork().count(Comment, { content: { $like: `Burst ${marker}%` } })).toBe(COMMENT_LIMIT.perWindow);
    expect((await em.fork().findOneOrFail(Article, articleId)).comments).toBe(COMMENT_LIMIT.perWindow);
  });

  it('chat', async () => {
    const sessionId = `burst-${uniqueSuffix()}`;
    await burst(CHAT_RATE_LIMIT.perWindow, (i) => ({ method: 'POST', url: '/api/chat', payload: { message: `Question ${i}?`, sessionId } }));
  });

  it('contact', async () => {
    const marker = uniqueSuffix();
    await burst(CONTACT_LIMIT.perWindow, (i) => ({ method: 'POST', url: '/api/contact', payload: { name: 'Burst', email: 'burst@example.com', subject: marker, message: `Message ${i}` } }));
    const stored = await em.fork().getConnection().execute('select count(*)::int as n from contact_submission where subject = ?', [marker]);
    expect(stored[0].n).toBe(CONTACT_LIMIT.perWindow);
  });

  it('newsletter', async () => {
    await burst(NEWSLETTER_LIMIT.perWindow, (i) => ({ method: 'POST', url: '/api/newsletter', payload: { email: `burst-${uniqueSuffix()}-${i}@example.com` } }));
  });

  it('likes on one article', async () => {
    const target = (await createArticle(em)).id;
    await burst(INTERACTION_LIMITS.perArticle.like, () => ({ method: 'POST', url: '/api/interactions', payload: { articleId: target, type: 'like' } }));
    expect((await em.fork().findOneOrFail(Article, target)).likes).toBe(INTERACTION_LIMITS.perArticle.like);
  });

  it('interactions across articles', async () => {
    const targets = await Promise.all(Array.from({ length: 40 }, () => createArticle(em)));
    await burst(INTERACTION_LIMITS.perClient.perWindow, (i) => ({ method: 'POST', url: '/api/interactions', payload: { articleId: targets[i % targets.length]!.id, type: 'share' } }));
  });
});
