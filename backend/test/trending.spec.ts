import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { TRENDING_FEED_SIZE, TrendingListSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { TrendingTopic } from '../src/modules/trending/index.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

describe('GET /api/trending', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  it('lists the most-discussed topics first with only id, topic, category and mentions', async () => {
    const fork = em.fork();
    const suffix = uniqueSuffix();
    // Far above anything else in the shared test database, so these lead the feed.
    const top = [3_000_003, 3_000_002, 3_000_001].map((mentions, i) =>
      fork.create(TrendingTopic, { topic: `Topic ${i} ${suffix}`, source: 'test', category: 'Technology', mentions, sourceUrl: 'https://example.com/x' }),
    );
    await fork.flush();

    const response = await app.inject({ method: 'GET', url: '/api/trending' });

    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeDefined();
    const feed = TrendingListSchema.parse(response.json());
    expect(feed.length).toBeLessThanOrEqual(TRENDING_FEED_SIZE);
    expect(feed.slice(0, 3)).toEqual(top.map((t) => ({ id: t.id, topic: t.topic, category: 'Technology', mentions: t.mentions })));
    expect(Object.keys(response.json()[0]).sort()).toEqual(['category', 'id', 'mentions', 'topic']);
    await fork.nativeDelete(TrendingTopic, { id: { $in: top.map((t) => t.id) } });
  });
});
