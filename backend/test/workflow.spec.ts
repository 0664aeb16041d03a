import { ArticleStore } from '../src/modules/articles/article.store.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import { ApprovedTopicSchema, type ApprovedTopic } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { APP_CONFIG } from '../src/config/config.module.js';
import { TrendingTopic } from '../src/modules/trending/trending-topic.entity.js';
import { ApprovedTopic as ApprovedTopicEntity } from '../src/modules/workflow/approved-topic.entity.js';
import { BlogIntakeService } from '../src/modules/workflow/blog-intake.service.js';
import { ClaimCheckService } from '../src/modules/provenance/claim-check.service.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { startWorkerProcess, stopProcess } from './support/worker-process.js';

/** Queues of their own (Redis database 7), so only this file's worker takes its jobs. */
const REDIS_URL = `${process.env.REDIS_URL}/7`;

describe('blog workflow, offline generator', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;
  let worker: ChildProcess;

  beforeAll(async () => {
    app = await createApiApp(testConfig({ REDIS_URL }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    worker = startWorkerProcess({ REDIS_URL, MEDIA_DIR: app.get(APP_CONFIG).mediaDir });
  });
  afterAll(async () => {
    await stopProcess(worker);
    await app.close();
  });

  async function trendingTopic(overrides: Partial<TrendingTopic> = {}): Promise<TrendingTopic> {
    const fork = em.fork();
    const topic = fork.create(TrendingTopic, { topic: `Heatwaves strain grids ${uniqueSuffix()}`, source: 'Reuters', category: 'Global Events', mentions: 40, sourceUrl: 'https://example.com/heat', ...overrides });
    await fork.flush();
    return topic;
  }

  const approve = (topic: TrendingTopic) =>
    app.inject({ method: 'POST', url: '/api/admin/approve-topic', headers: admin.headers, payload: { topicId: topic.id, topic: topic.topic, sourceUrl: topic.sourceUrl, category: topic.category } });

  async function approvedTopic(id: number, status: string, timeoutMs = 20_000): Promise<ApprovedTopic | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = ApprovedTopicSchema.array().parse((await app.inject({ method: 'GET', url: '/api/admin/approved-topics', headers: admin.headers })).json());
      const found = list.find((t) => t.id === id);
      if (found?.status === status || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('approving a topic has the worker write a draft blog, and the topic shows blog_received with it', async () => {
    const topic = await trendingTopic();
    const response = await approve(topic);
    expect(response.statusCode).toBe(200);
    const { approvedTopicId } = response.json();

    const approved = await approvedTopic(approvedTopicId, 'blog_received');
    expect(approved).toMatchObject({ topic: topic.topic, category: 'Global Events', status: 'blog_received' });
    expect(approved!.blog).toMatchObject({ approved: false, category: 'Global Events', sourceUrl: 'https://example.com/heat' });
    expect(approved!.blog!.content).toContain('<h2>What the reports say</h2>');
    expect(approved!.blog!.aiCommentary?.length).toBeGreaterThan(20);
    expect(approved!.blog!.metaDescription?.length).toBeLessThanOrEqual(163);

    const waiting = (await app.inject({ method: 'GET', url: '/api/trending-topics', headers: admin.headers })).json() as { id: number }[];
    expect(waiting.some((t) => t.id === topic.id)).toBe(false);
    expect((await approve(topic)).statusCode).toBe(409);
  });

  it('declines a topic once, hiding it from the list', async () => {
    const topic = await trendingTopic();
    const decline = () => app.inject({ method: 'POST', url: '/api/admin/decline-topic', headers: admin.headers, payload: { topicId: topic.id, topic: topic.topic } });
    expect((await decline()).statusCode).toBe(200);
    const waiting = (await app.inject({ method: 'GET', url: '/api/trending-topics', headers: admin.headers })).json() as { id: number }[];
    expect(waiting.some((t) => t.id === topic.id)).toBe(false);
    expect((await decline()).statusCode).toBe(404);
  });

  it('validates approvals and refuses unknown topics', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/admin/approve-topic', headers: admin.headers, payload: { topicId: 'x', topic: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['topicId', 'topic', 'category']);
    const unknown = await app.inject({ method: 'POST', url: '/api/admin/approve-topic', headers: admin.headers, payload: { topicId: 999_999_999, topic: 'x', category: 'Politics' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a delivered blog once per topic, sanitized, however often it arrives', async () => {
    const fork = em.fork();
    const approved = fork.create(ApprovedTopicEntity, { topic: `Delivered ${uniqueSuffix()}`, category: 'Economics', sourceUrl: null, status: 'sent_to_automation', approvedBy: 'test', trendingTopicId: null, articleId: null, lastError: null });
    await fork.flush();
    const intake = new BlogIntakeService(em, app.get(APP_CONFIG), app.get(JobProducer), app.get(ArticleStore), app.get(ClaimCheckService));
    const blog = { title: 'Rates hold, again', html: '<h2>Why</h2><p>Because.<script>alert(1)</script></p>', metaDescription: 'Why rates held.', aiCommentary: null, sourceUrl: null, generation: null };
    const [first, second] = await Promise.all([intake.receive(approved.id, blog, 'automation'), intake.receive(approved.id, blog, 'automation')]);
    expect(second.id).toBe(first.id);
    expect(first.content).toBe('<h2>Why</h2><p>Because.</p>');
    expect((await em.fork().findOneOrFail(ApprovedTopicEntity, approved.id)).status).toBe('blog_received');
  });
});
