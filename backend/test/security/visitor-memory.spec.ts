import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { ContactRequestSchema, type FormFlash } from '@ai-mind/contracts';
import { createApiApp } from '../../src/app/create-api-app.js';
import { PUBLIC_BODY_LIMIT_BYTES } from '../../src/common/body-limits.js';
import { FLASH_BUDGET, FormFlashService } from '../../src/common/page-form.js';
import { freePort, startRedis } from '../../../scripts/lib/services.mjs';
import { createArticle } from '../support/article-factory.js';
import { testConfig } from '../support/test-config.js';
import { attackTally, randomIp } from './attack-tally.js';

const tally = attackTally('visitor-memory');

/** "1 MB", as the review sent it: under the staff routes' 1 MiB, so only a visitor's own limit refuses it. */
const ONE_MB = 1_000_000;
const MAX_GROWTH_BYTES = 2 * 1024 * 1024;
const SITE = { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('what a visitor can make Redis keep', () => {
  let app: NestFastifyApplication;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let client: Redis;
  let articleId: number;

  beforeAll(async () => {
    // Its own Redis, so its memory is this suite's alone (no other suite writes there meanwhile).
    redis = await startRedis({ port: await freePort() });
    client = new Redis(redis.url);
    app = await createApiApp(testConfig({ REDIS_URL: redis.url }));
    articleId = (await createArticle(app.get(EntityManager))).id;
  });
  afterAll(async () => {
    await app.close();
    client.disconnect();
    await redis.stop();
  });

  const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await client.info('memory'))![1]);
  const flashKeys = () => client.keys('ai-mind:form-flash:*');

  /** Every route a visitor may send a body to, found from the running app, so a route added later is covered too. */
  function visitorWrites() {
    return app
      .getHttpAdapter()
      .getInstance()
      .registeredRoutes.filter((route) => (route.access === 'public-write' || route.access === 'sign-in') && WRITE_METHODS.has(route.method))
      .map((route) => ({ method: route.method as 'POST', url: route.url.replace(/:(\w+)/g, String(articleId)) }));
  }

  it('finds the forms and endpoints to send to', () => {
    const routes = visitorWrites().map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/contact/form',
        'POST /api/contact',
        `POST /api/articles/${articleId}/comments/form`,
        `POST /api/articles/${articleId}/error-reports/form`,
        'POST /api/newsletter/form',
        'POST /api/chat',
        'POST /api/analytics/pageview',
        'POST /api/admin/login',
      ]),
    );
  });

  it('refuses a 1 MB body to every public form and endpoint with 413 before parsing it, from one address and from many, and Redis grows by less than 2 MB', async () => {
    const routes = visitorWrites();
    const oneAddress = randomIp();
    const before = await usedMemory();
    const refused: string[] = [];
    for (const route of routes) {
      const bodies = [
        {
          type: 'application/x-www-form-urlencoded',
          payload: urlencoded({ name: 'Reader', email: 'reader@example.com', subject: 'Hi', message: 'x'.repeat(ONE_MB - 100), back: '/contact' }),
        },
        { type: 'application/json', payload: JSON.stringify({ message: 'x'.repeat(ONE_MB - 100) }) },
      ];
      for (const { type, payload } of bodies) {
        expect(payload.length).toBeGreaterThan(ONE_MB - 100);
        for (const remoteAddress of [oneAddress, oneAddress, oneAddress, randomIp(), randomIp(), randomIp()]) {
          const response = await app.inject({ method: route.method, url: route.url, headers: { ...SITE, 'content-type': type }, payload, remoteAddress });
          if (!tally.attempt(response.statusCode === 413)) refused.push(`${route.method} ${route.url} (${type}): ${response.statusCode}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(await flashKeys()).toEqual([]);
    expect((await usedMemory()) - before).toBeLessThan(MAX_GROWTH_BYTES);
  });

  it('keeps of a refused form no more than its fields allow, from many addresses, and Redis grows by less than 2 MB', async () => {
    await client.del(...(await flashKeys()), 'ai-mind:form-flashes');
    const before = await usedMemory();
    // The largest body a visitor may send, nearly all of it in the message.
    const padding = 'x'.repeat(PUBLIC_BODY_LIMIT_BYTES - 3000);
    const forms: { url: string; fields: Record<string, string> }[] = [
      {
        url: '/api/contact/form',
        fields: { name: 'n'.repeat(300), email: 'not-an-address', subject: 's'.repeat(400), message: padding, extra: 'e'.repeat(500), back: '/contact' },
      },
      { url: `/api/articles/${articleId}/comments/form`, fields: { authorName: 'a'.repeat(300), content: padding, back: '/' } },
      { url: `/api/articles/${articleId}/error-reports/form`, fields: { details: padding, quote: 'q'.repeat(900), back: '/' } },
      { url: '/api/newsletter/form', fields: { email: padding, back: '/' } },
      { url: '/api/newsletter/confirm/form', fields: { token: padding, back: '/newsletter/confirm' } },
    ];
    for (let round = 0; round < 10; round++) {
      for (const form of forms) {
        const post = () =>
          app.inject({
            method: 'POST',
            url: form.url,
            headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
            payload: urlencoded(form.fields),
            remoteAddress: randomIp(),
          });
        let response = await post();
        // A 503 is the site's answer while a datastore does not answer in time (a busy 2-core machine): sent again, as a reader would.
        for (let retry = 0; response.statusCode === 503 && retry < 3; retry++) response = await post();
        expect(response.statusCode).toBe(303);
      }
    }
    const kept = await Promise.all((await flashKeys()).map(async (key) => (JSON.parse((await client.get(key))!) as { flash: FormFlash }).flash));
    expect(kept).toHaveLength(50);
    const contact = kept.find((flash) => flash.form === 'contact')!;
    // What was typed comes back cut to each field's limit; a field the form does not have is not kept.
    expect(contact.outcome).toBe('refused');
    expect(contact.values).toEqual({ name: 'n'.repeat(200), email: 'not-an-address', subject: 's'.repeat(300), message: 'x'.repeat(5000) });
    expect(ContactRequestSchema.shape.message.maxLength).toBe(5000);
    for (const flash of kept) for (const value of Object.values(flash.values ?? {})) expect(value.length).toBeLessThanOrEqual(5000);
    expect((await usedMemory()) - before).toBeLessThan(MAX_GROWTH_BYTES);
  });

  it('counts every answered form against its sender: past the limit nothing is done and nothing is kept', async () => {
    const sender = randomIp();
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/newsletter/form',
        headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
        payload: urlencoded({ email: 'x'.repeat(300), back: '/' }),
        remoteAddress: sender,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(303));
    const keptBefore = (await flashKeys()).length;
    const over = await post();
    expect(tally.attempt(over.statusCode === 429)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await flashKeys()).length).toBe(keptBefore);
  });

  it('keeps at most its budget of outcomes at once, evicting the oldest first', async () => {
    const flashes = app.get(FormFlashService);
    await client.del(...(await flashKeys()), 'ai-mind:form-flashes');
    const ids: string[] = [];
    for (let i = 0; i < FLASH_BUDGET + 5; i++) ids.push(await flashes.put('/contact', { form: 'contact', outcome: 'sent' }));
    expect(await flashKeys()).toHaveLength(FLASH_BUDGET);
    // Kept many to a millisecond: the index still holds them in the order they were kept.
    expect(await client.zrange('ai-mind:form-flashes', 0, -1)).toEqual(ids.slice(5));
    expect(await flashes.take(ids[0]!, '/contact')).toBeNull();
    expect(await flashes.take(ids.at(-1)!, '/contact')).toEqual({ form: 'contact', outcome: 'sent' });
    expect(await client.zcard('ai-mind:form-flashes')).toBe(FLASH_BUDGET - 1);
  });
});
