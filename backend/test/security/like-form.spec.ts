import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { createApiApp } from '../../src/app/create-api-app.js';
import { Interaction } from '../../src/modules/interactions/index.js';
import { createArticle } from '../support/article-factory.js';
import { testConfig } from '../support/test-config.js';
import { attackTally, isClearError, randomIp } from './attack-tally.js';

const tally = attackTally('like-form');

describe('the like form: malformed fields answer 400 with the usual headers and record nothing', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  const post = (fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/interactions/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: randomIp(),
    });

  it.each([
    ['a control character in back (/%01x)', { back: '/\u0001x' }, 'back'],
    ['a line break in back (header splitting)', { back: '/x\r\nset-cookie: a=b' }, 'back'],
    ['another origin in back', { back: '//evil.example/x' }, 'back'],
    ['an absolute URL in back', { back: 'https://evil.example/' }, 'back'],
    ['a backslash in back', { back: '/\\evil.example' }, 'back'],
    ['non-ASCII in back', { back: '/caf\u00e9' }, 'back'],
    ['no article', { articleId: 'abc' }, 'articleId'],
    ['an unknown kind', { type: 'love' }, 'type'],
  ])('%s', async (_name, fields, field) => {
    const article = await createArticle(em);
    const response = await post({ articleId: String(article.id), type: 'like', back: '/', ...fields });
    const body = response.json();
    const held =
      response.statusCode === 400 &&
      isClearError(body) &&
      (body.details as { path: string }[]).some((detail) => detail.path === field) &&
      response.headers['content-security-policy'] !== undefined &&
      response.headers['x-content-type-options'] === 'nosniff' &&
      response.headers['x-frame-options'] === 'DENY' &&
      response.headers.location === undefined &&
      (await em.fork().count(Interaction, { articleId: article.id })) === 0;
    expect(tally.attempt(held)).toBe(true);
  });

  it('sends the reader back to the page it names, or home without one', async () => {
    const article = await createArticle(em);
    const back = `/technology/article/${article.slug}?cursor=a%20b`;
    const response = await post({ articleId: String(article.id), type: 'like', back });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(back);
    const home = await post({ articleId: String(article.id), type: 'like' });
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe('/');
    expect(await em.fork().count(Interaction, { articleId: article.id })).toBe(2);
  });
});
