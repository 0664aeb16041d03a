import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { RegenerateImagesResponseSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { imageJobId } from '../src/modules/media/images.service.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

/** Queues no worker ever consumes (Redis database 13): what the admin gets while no worker runs. */
const REDIS_URL = suiteRedisUrl('recovery-no-worker');

describe('recovery and images with no worker running', () => {
  let app: NestFastifyApplication;
  let admin: SignedInAdmin;

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    app = await createApiApp(testConfig({ REDIS_URL }));
    admin = await signInAdmin(app);
  });
  afterAll(() => app.close());

  it.each(['force-recovery', 'exhaustive-recovery', 'recreate-from-sitemap'])('%s answers 503 at once instead of waiting for nobody', async (action) => {
    const started = Date.now();
    const response = await app.inject({ method: 'POST', url: `/api/admin/${action}`, headers: admin.headers, payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      error: 'Service Unavailable',
      message: 'No worker process is running to do the recovery; start one and try again.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    // No recovery job waits (the snapshot job that every article change asks for may).
    const waiting = await app.get(JobProducer).queue('recovery').getJobs(['waiting', 'delayed', 'active', 'prioritized']);
    expect(waiting.filter((job) => job.name !== 'sitemap-snapshot')).toEqual([]);
  });

  it('regenerate-images queues the jobs for later and answers at once with nothing done yet', async () => {
    const article = await createArticle(app.get(EntityManager));
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/regenerate-images',
      headers: admin.headers,
      payload: { blogIds: [article.id, 999_999_999] },
    });
    expect(response.statusCode).toBe(200);
    expect(RegenerateImagesResponseSchema.parse(response.json())).toEqual({
      updatedCount: 0,
      queuedCount: 1,
      pendingCount: 1,
      failedCount: 0,
      message: 'New images for 0 articles so far; 1 more is still being made.',
    });
    expect(await app.get(JobProducer).queue('images').getJobState(imageJobId(article.id))).toBe('waiting');
  });
});
