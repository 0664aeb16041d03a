import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import { createApiApp } from '../src/app/create-api-app.js';
import { Article } from '../src/modules/articles/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin } from './support/admin-session.js';
import { startFakeLlm } from './support/fake-llm-server.js';
import { testConfig } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

/** Queues of their own (Redis database 5), so no other test's worker takes these jobs. */
const REDIS_URL = suiteRedisUrl('ai-jobs');

/**
 * The article's commentary once the worker has written it. The wait counts the worker's own boot, which
 * a busy machine (the end-to-end tier runs beside this one) can stretch well past a quiet one's second.
 */
async function commentaryOf(em: EntityManager, id: number, timeoutMs = 90_000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const article = await em.fork().findOneOrFail(Article, id);
    if (article.aiCommentary || Date.now() > deadline) return article.aiCommentary ?? null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('AI commentary jobs on the ai queue', () => {
  let app: NestFastifyApplication;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    app = await createApiApp(testConfig({ REDIS_URL }));
  });
  afterAll(async () => {
    if (worker) await stopProcess(worker);
    await app.close();
  });

  it('publishing an article without commentary has the worker write one (offline engine)', async () => {
    worker = await startReportedWorker({ REDIS_URL });
    const em = app.get(EntityManager);
    const draft = await createArticle(em, {
      approved: false,
      title: 'Quiet Quitting Gets Loud',
      content: '<p>Surveys suggest many workers now do exactly what the job description says.</p>',
    });
    await em.nativeUpdate(Article, { id: draft.id }, { aiCommentary: null });
    const admin = await signInAdmin(app);

    await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: draft.id } });

    const commentary = await commentaryOf(em, draft.id);
    // Stopped before asserting, so a failure here never leaves this offline worker taking the next test's job.
    await stopProcess(worker);
    worker = undefined;
    expect(commentary).toContain('"Surveys suggest many workers now do exactly what the job description says."');
  }, 120_000);

  it('retries the job when the model fails, and keeps the model text once it answers', async () => {
    const llm = await startFakeLlm();
    llm.script(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'answer', text: 'Humans, once again, discover rules by breaking them.' },
    );
    worker = await startReportedWorker({ REDIS_URL, AI_BASE_URL: llm.baseUrl, AI_MODEL: 'test-model', AI_TIMEOUT_MS: '5000' });
    try {
      const em = app.get(EntityManager);
      const draft = await createArticle(em, { approved: false });
      await em.nativeUpdate(Article, { id: draft.id }, { aiCommentary: null });
      const admin = await signInAdmin(app);

      await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: draft.id } });

      expect(await commentaryOf(em, draft.id)).toBe('Humans, once again, discover rules by breaking them.');
      expect(llm.requests.length).toBe(3);
    } finally {
      await stopProcess(worker);
      worker = undefined;
      await llm.close();
    }
  }, 120_000);
});
