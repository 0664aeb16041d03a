import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import { HealthResponseSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { BackupService } from '../src/modules/recovery/backup.service.js';
import { RecoveryService } from '../src/modules/recovery/recovery.service.js';
import { ArticleBackup } from '../src/modules/recovery/index.js';
import { createArticle } from './support/article-factory.js';
import { collect } from './support/collect.js';
import { testConfig } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';

describe('API to worker job, end to end', () => {
  let app: NestFastifyApplication;
  let worker: ChildProcess;

  beforeAll(async () => {
    app = await createApiApp(testConfig({ REDIS_URL: suiteRedisUrl('jobs') }));
    worker = await startReportedWorker({ REDIS_URL: suiteRedisUrl('jobs') });
  });
  afterAll(async () => {
    await app.close();
    await stopProcess(worker);
  });

  it('the API enqueues a backup snapshot, the worker process writes it to PostgreSQL', async () => {
    const draft = await createArticle(app.get(EntityManager), { approved: false, title: 'Draft kept in backups' });

    const em = app.get(EntityManager).fork();
    // Other test files add articles meanwhile: the snapshot's count lies between the counts around it.
    const countArticles = () =>
      em
        .getConnection()
        .execute('select count(*)::int as n from article')
        .then((rows) => rows[0].n as number);
    const before = await countArticles();

    const result = await app.get(RecoveryService).requestBackup('integration-test');

    const backup = await em.findOneOrFail(ArticleBackup, result.backupId);
    expect(backup.reason).toBe('integration-test');
    expect(backup.articleCount).toBe(result.articleCount);
    expect(result.articleCount).toBeGreaterThanOrEqual(before);
    expect(result.articleCount).toBeLessThanOrEqual(await countArticles());
    const snapshot = await collect(app.get(BackupService).read(result.backupId));
    expect(snapshot.find((a) => a.id === draft.id)).toMatchObject({ title: 'Draft kept in backups', approved: false });
  });

  it('reports the worker process as alive in the health check', async () => {
    const deadline = Date.now() + 15_000;
    let health = HealthResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/health' })).json());
    while (!health.checks.worker.ok && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      health = HealthResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/health' })).json());
    }
    expect(health.status).toBe('ok');
    expect(health.checks.database.ok).toBe(true);
    expect(health.checks.redis.ok).toBe(true);
    expect(health.checks.worker.workers).toBeGreaterThanOrEqual(1);
  });

  it('the worker stops cleanly on SIGTERM', async () => {
    expect(await stopProcess(worker)).toBe(0);
  });
});
