import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import {
  ApprovedTopicSchema,
  ARTICLE_CONTENT_MAX_DEPTH,
  ARTICLE_CONTENT_MAX_LENGTH,
  ArticleProvenanceSchema,
  AutomationTopicSchema,
  type ApprovedTopic,
} from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { imageJobId } from '../src/modules/media/images.service.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { TrendingTopic } from '../src/modules/trending/index.js';
import { signedHeaders, verifySignature } from '../src/modules/workflow/automation-signature.js';
import { WebhookDelivery } from '../src/modules/workflow/index.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { startLocalHttpServer } from './support/local-http-server.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

const SECRET = 'shared-secret-for-the-automation-tests';
/** Queues of their own (Redis database 15), so only this file's worker takes its jobs. */
const REDIS_URL = suiteRedisUrl('automation');

describe('blog workflow through the automation service (signed webhooks both ways)', () => {
  let automation: Awaited<ReturnType<typeof startLocalHttpServer>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;
  let worker: ChildProcess;
  /** Status codes the automation service answers with, in turn (the last one repeats). */
  let answers: number[] = [200];

  beforeAll(async () => {
    automation = await startLocalHttpServer({
      '/hook': (_request, response) => {
        const status = answers.length > 1 ? answers.shift()! : answers[0]!;
        response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      },
    });
    const env = {
      REDIS_URL,
      AUTOMATION_WEBHOOK_URL: automation.url('/hook'),
      AUTOMATION_WEBHOOK_SECRET: SECRET,
      AUTOMATION_CALLBACK_URL: 'https://news.example.test/api/automation/blog',
      AUTOMATION_MAX_ATTEMPTS: '3',
      AUTOMATION_RETRY_DELAY_MS: '100',
    };
    app = await createApiApp(testConfig(env));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    worker = await startReportedWorker({ ...env, LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await stopProcess(worker);
    await app.close();
    await automation.close();
  });

  async function approveNewTopic(): Promise<{ approvedTopicId: number; topic: string }> {
    const fork = em.fork();
    const trending = fork.create(TrendingTopic, {
      topic: `Grid operators brace for winter ${uniqueSuffix()}`,
      source: 'Global Wire',
      category: 'Economics',
      mentions: 2,
      sourceUrl: 'https://wire.example/grid',
      items: [
        {
          source: 'Global Wire',
          title: 'Grid operators brace for winter',
          link: 'https://wire.example/grid',
          summary: 'Reserve margins are thin this winter.',
          publishedAt: '2026-11-20T08:00:00.000Z',
        },
        {
          source: 'Markets Desk',
          title: 'Power prices rise before winter',
          link: null,
          summary: 'Forward power prices rose 12% in a week.',
          publishedAt: null,
        },
      ],
    });
    await fork.flush();
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/approve-topic',
      headers: admin.headers,
      payload: { topicId: trending.id, topic: trending.topic, sourceUrl: trending.sourceUrl, category: trending.category },
    });
    expect(response.statusCode).toBe(200);
    return { approvedTopicId: response.json().approvedTopicId, topic: trending.topic };
  }

  async function approvedTopic(id: number, status: string, timeoutMs = 15_000): Promise<ApprovedTopic | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = ApprovedTopicSchema.array().parse((await app.inject({ method: 'GET', url: '/api/admin/approved-topics', headers: admin.headers })).json());
      const found = list.find((t) => t.id === id);
      if (found?.status === status || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const deliveries = (approvedTopicId: number) => em.fork().find(WebhookDelivery, { approvedTopicId }, { orderBy: { attempt: 'asc' } });

  function deliver(body: unknown, headers: Record<string, string> = signedHeaders(SECRET, JSON.stringify(body))) {
    return app.inject({
      method: 'POST',
      url: '/api/automation/blog',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  }

  it('signs the topic to the automation service, retries after 500s with each attempt recorded, then shows sent_to_automation', async () => {
    answers = [500, 500, 200];
    const before = automation.requests.length;
    const { approvedTopicId, topic } = await approveNewTopic();

    expect(await approvedTopic(approvedTopicId, 'sent_to_automation')).toMatchObject({ status: 'sent_to_automation', blog: null });
    const sent = automation.requests.slice(before);
    expect(sent).toHaveLength(3);
    for (const request of sent) {
      expect(verifySignature(SECRET, request.headers, request.body, 300)).toMatchObject({ ok: true });
      expect(AutomationTopicSchema.parse(JSON.parse(request.body))).toMatchObject({
        approvedTopicId,
        topic,
        category: 'Economics',
        sourceUrl: 'https://wire.example/grid',
        callbackUrl: 'https://news.example.test/api/automation/blog',
        // The frozen source set, numbered; offline (no feeds configured) each text is its feed summary.
        sources: [
          {
            number: 1,
            outlet: 'Global Wire',
            title: 'Grid operators brace for winter',
            summary: 'Reserve margins are thin this winter.',
            link: 'https://wire.example/grid',
            publishedAt: '2026-11-20T08:00:00.000Z',
            fetchStatus: 'feed_only',
            text: 'Reserve margins are thin this winter.',
          },
          {
            number: 2,
            outlet: 'Markets Desk',
            title: 'Power prices rise before winter',
            summary: 'Forward power prices rose 12% in a week.',
            link: null,
            publishedAt: null,
            fetchStatus: 'feed_only',
            text: 'Forward power prices rose 12% in a week.',
          },
        ],
      });
    }
    expect(verifySignature('another-secret-entirely', sent[0]!.headers, sent[0]!.body, 300)).toMatchObject({ ok: false });
    expect((await deliveries(approvedTopicId)).map((d) => [d.attempt, d.statusCode, d.error])).toEqual([
      [1, 500, 'Automation service answered HTTP 500'],
      [2, 500, 'Automation service answered HTTP 500'],
      [3, 200, null],
    ]);
  });

  it('marks the topic failed with the reason once every attempt has failed', async () => {
    answers = [503];
    const { approvedTopicId } = await approveNewTopic();
    const failed = await approvedTopic(approvedTopicId, 'failed');
    expect(failed?.status).toBe('failed');
    expect((await deliveries(approvedTopicId)).map((d) => d.statusCode)).toEqual([503, 503, 503]);
  });

  it('stores blogs the service delivers at the same time one after another, refusing none', async () => {
    answers = [200];
    const topics = [await approveNewTopic(), await approveNewTopic(), await approveNewTopic()];
    const responses = await Promise.all(
      topics.map(({ approvedTopicId, topic }) =>
        deliver({ approvedTopicId, title: topic, content: `<p>${'Reserve margins are thin this winter [1]. '.repeat(2_000)}</p>` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().articleId)).size).toBe(3);
  });

  it('takes the signed blog back as a sanitized draft, once per topic, and the topic shows blog_received', async () => {
    answers = [200];
    const { approvedTopicId } = await approveNewTopic();
    await approvedTopic(approvedTopicId, 'sent_to_automation');
    const blog = {
      approvedTopicId,
      title: 'Grid operators brace for a cold winter',
      content: '<h2>What is happening</h2><p>Reserve margins are thin this winter [1].<script>alert(1)</script></p><img src=x onerror="alert(2)">',
      metaDescription: 'Why grid operators worry about winter.',
      aiCommentary: 'Humans discover every year that winter is cold.',
      sourceUrl: 'https://wire.example/grid',
      model: 'newsroom-writer-2',
      promptVersion: 'grounded@3',
    };

    const response = await deliver(blog);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'blog_received', articleId: expect.any(Number) });
    const received = await approvedTopic(approvedTopicId, 'blog_received');
    expect(received?.blog).toMatchObject({
      id: response.json().articleId,
      title: blog.title,
      approved: false,
      category: 'Economics',
      aiCommentary: blog.aiCommentary,
    });
    expect(received!.blog!.content).toContain('<h2>What is happening</h2><p>Reserve margins are thin this winter [1].</p>');
    expect(received!.blog!.content).not.toMatch(/script|onerror/);
    // What wrote it is kept with the draft as delivered, and its claims are checked against the sources.
    const provenance = ArticleProvenanceSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/admin/articles/${received!.blog!.id}/provenance`, headers: admin.headers })).json(),
    );
    expect(provenance.generation).toMatchObject({
      engine: 'automation',
      model: 'newsroom-writer-2',
      promptVersion: 'grounded@3',
      sourceCount: 2,
      draftHtml: received!.blog!.content,
    });
    expect(provenance.claims?.claims.map((claim) => [claim.sentence, claim.sourceNumber, claim.flags])).toEqual([
      ['Reserve margins are thin this winter [1].', 1, []],
    ]);
    // Its image is queued for generation (one job per article).
    expect(await app.get(JobProducer).queue('images').getJobState(imageJobId(received!.blog!.id))).toMatch(/^(waiting|active|completed|delayed|prioritized)$/);

    // The service retrying with a fresh signature gets the same draft, not a second one.
    const again = await deliver(blog, signedHeaders(SECRET, JSON.stringify(blog), Date.now() + 1_000));
    expect(again.json().articleId).toBe(response.json().articleId);
  });

  it('rejects unsigned, mis-signed, stale and replayed deliveries, and invalid blogs', async () => {
    const body = { approvedTopicId: 1, title: 'A title', content: '<p>Body</p>' };
    const raw = JSON.stringify(body);

    expect((await deliver(body, {})).statusCode).toBe(401);
    const wrong = await deliver(body, signedHeaders('not-the-shared-secret-at-all', raw));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Signature does not match');
    const stale = await deliver(body, signedHeaders(SECRET, raw, Date.now() - 10 * 60_000));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Timestamp outside the 300-second window');
    const tampered = await deliver({ ...body, title: 'Another title' }, signedHeaders(SECRET, raw));
    expect(tampered.statusCode).toBe(401);

    const invalid = { approvedTopicId: 'seven', title: '', content: '' };
    const rejected = await deliver(invalid);
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().details.map((d: { path: string }) => d.path)).toEqual(['approvedTopicId', 'title', 'content']);
    // A body nested deeper, or longer, than an article may be: refused before anything is stored.
    for (const [content, message] of [
      [
        `${'<b>'.repeat(ARTICLE_CONTENT_MAX_DEPTH + 1)}Deep${'</b>'.repeat(ARTICLE_CONTENT_MAX_DEPTH + 1)}`,
        `must not nest elements more than ${ARTICLE_CONTENT_MAX_DEPTH} deep`,
      ],
      [`<p>${'x'.repeat(ARTICLE_CONTENT_MAX_LENGTH)}</p>`, 'must be at most 200,000 characters'],
    ]) {
      const refused = await deliver({ ...body, content });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ path: 'content', message }]);
    }
    const unknown = await deliver({ ...body, approvedTopicId: 999_999_999 });
    expect(unknown.statusCode).toBe(404);

    const headers = signedHeaders(SECRET, raw);
    await deliver(body, headers);
    const replay = await deliver(body, headers);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/Replayed/);
  });
});
