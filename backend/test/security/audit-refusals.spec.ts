import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { AuditRefusalsSchema } from '@ai-mind/contracts';
import { freePort, startRedis } from '../../../scripts/lib/services.mjs';
import { createApiApp } from '../../src/app/create-api-app.js';
import { REDIS } from '../../src/common/redis.token.js';
import { REFUSAL_SAMPLES_PER_MINUTE } from '../../src/modules/admin/audit-log.writer.js';
import { AuditRetentionService } from '../../src/modules/admin/audit-retention.service.js';
import { signInAdmin } from '../support/admin-session.js';
import { createOwnDatabase } from '../support/own-database.js';
import { configOf, testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally } from './attack-tally.js';

const tally = attackTally('audit-flood');

describe('refused anonymous admin calls are counted and sampled, and the audit log has a retention', () => {
  // Its own database and Redis: the counts and the retention act on every row.
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let app: NestFastifyApplication;
  let em: EntityManager;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createOwnDatabase(), freePort().then((port) => startRedis({ port }))]);
    app = await createApiApp(testConfig({ DATABASE_URL: database.url, REDIS_URL: redis.url, AUDIT_RETENTION_DAYS: '30' }));
    em = app.get(EntityManager);
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), redis.stop()]);
  });

  const rowsOf = async (prefix: string) =>
    (await em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from audit_log where request_id like ?', [`${prefix}%`]))[0]!.n;

  it('writes a bounded number of rows for 500 refused calls without a session, and counts every one', async () => {
    const prefix = `flood-${uniqueSuffix()}-`;
    const started = new Date();
    const answers = [];
    for (let batch = 0; batch < 10; batch += 1) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            app.inject({ method: 'GET', url: '/api/admin/contact-submissions', headers: { 'x-request-id': `${prefix}${batch * 50 + i}` } }),
          ),
        )),
      );
    }
    expect(answers.every((r) => r.statusCode === 401)).toBe(true);
    // A few samples a minute (the flood may straddle a minute's end), never a row per call.
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started.getTime() / 60_000) + 1;
    const sampled = await rowsOf(prefix);
    expect(tally.attempt(sampled >= 1 && sampled <= REFUSAL_SAMPLES_PER_MINUTE * minutes)).toBe(true);
    const [counted] = await em
      .getConnection()
      .execute<{ n: number }[]>("select sum(count)::int as n from audit_refusal where action = 'GET /api/admin/contact-submissions' and status = 401");
    expect(counted!.n).toBe(500);

    // The Audit tab's count of them.
    const owner = await signInAdmin(app);
    const today = new Date().toISOString().slice(0, 10);
    const refusals = AuditRefusalsSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/admin/audit-log/refusals?from=${today}&to=${today}`, headers: owner.headers })).json(),
    );
    expect(refusals.total).toBeGreaterThanOrEqual(500);
    expect(refusals.routes[0]).toEqual({ action: 'GET /api/admin/contact-submissions', status: 401, count: 500 });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await app.inject({ method: 'GET', url: `/api/admin/audit-log/refusals?from=${tomorrow}`, headers: owner.headers })).json()).toEqual({
      total: 0,
      routes: [],
    });
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit-log/refusals?actor=x', headers: owner.headers })).statusCode).toBe(400);
    // The count is the owner's to read, like the log.
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit-log/refusals' })).statusCode).toBe(401);
  });

  it('still writes every refusal of a signed-in user, and every cross-site sign-in is counted too', async () => {
    const admin = await signInAdmin(app);
    const prefix = `csrf-${uniqueSuffix()}-`;
    for (let i = 0; i < 20; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/decline-blog',
        headers: { cookie: admin.cookie, 'x-request-id': `${prefix}${i}` },
        payload: { blogId: 1 },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await rowsOf(prefix)).toBe(20);
    const rows = await em
      .getConnection()
      .execute<{ status: number; path: string }[]>('select status, path from audit_log where request_id like ?', [`${prefix}%`]);
    expect(rows.every((row) => row.status === 403 && row.path === '/api/admin/decline-blog')).toBe(true);

    const loginPrefix = `login-csrf-${uniqueSuffix()}-`;
    for (let i = 0; i < 10; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'https://evil.example', 'x-request-id': `${loginPrefix}${i}` },
        payload: { username: 'someone', password: 'x' },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await rowsOf(loginPrefix)).toBeLessThanOrEqual(REFUSAL_SAMPLES_PER_MINUTE * 2);
  });

  it('deletes audit rows and refusal counts older than AUDIT_RETENTION_DAYS, once per cluster', async () => {
    const connection = em.getConnection();
    const marker = `old-${uniqueSuffix()}`;
    await connection.execute(
      `insert into audit_log (actor, action, status, request_id, created_at) values
       (?, 'POST /api/admin/x', 200, ?, now() - interval '31 days'), (?, 'POST /api/admin/x', 200, ?, now() - interval '29 days')`,
      [marker, `${marker}-expired`, marker, `${marker}-kept`],
    );
    await connection.execute(`insert into audit_refusal (minute, action, status, count) values (date_trunc('minute', now() - interval '31 days'), ?, 401, 7)`, [
      marker,
    ]);
    const retention = new AuditRetentionService(em, app.get<Redis>(REDIS), configOf(app).admin);
    // Two workers at the same hour: one of them deletes.
    await Promise.all([retention.run(), retention.run()]);
    const left = await connection.execute<{ request_id: string }[]>('select request_id from audit_log where actor = ?', [marker]);
    expect(left.map((row) => row.request_id)).toEqual([`${marker}-kept`]);
    expect(await connection.execute('select * from audit_refusal where action = ?', [marker])).toEqual([]);

    // Within the hour the lock is held: nothing runs again, whoever asks.
    await connection.execute(
      `insert into audit_log (actor, action, status, request_id, created_at) values (?, 'POST /api/admin/x', 200, ?, now() - interval '40 days')`,
      [marker, `${marker}-later`],
    );
    await retention.run();
    expect((await connection.execute('select 1 from audit_log where request_id = ?', [`${marker}-later`])).length).toBe(1);
    expect(await retention.deleteExpired()).toEqual({ auditRows: 1, refusalCounts: 0 });
  });
});
