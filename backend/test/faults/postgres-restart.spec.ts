import type { ChildProcess } from 'node:child_process';
import { recordSecurity } from '../../../scripts/lib/security-ledger.mjs';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { startWorkerProcess, stopProcess } from '../support/worker-process.js';
import { call, createAdmin, insertArticle, productionEnv, sleep, startOwnPostgres, startOwnRedis, until, waitForWorkers } from './fault-support.js';
import { acknowledged, describeSamples, isRead, startLoad, unclearFailures } from './load.js';

const OUTAGE_MS = Number(process.env.SOAK === '1' ? 20_000 : 3_000);

/**
 * PostgreSQL stopped and started again while readers and writers keep calling: the API answers 503
 * with a clear message while it is down (never a 500 or a hang), its health check says so, it
 * recovers by itself, and every write it acknowledged is in the database, whole.
 */
describe('faults: PostgreSQL stopped and started under load', () => {
  let pg: Awaited<ReturnType<typeof startOwnPostgres>>;
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  let api: ApiProcess;
  let worker: ChildProcess;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    redis = await startOwnRedis({ aof: false });
    const env = productionEnv(pg.url, redis.url);
    createAdmin(env);
    api = await startApiProcess(env);
    worker = startWorkerProcess(env);
    await waitForWorkers(api.url, 1);
  }, 90_000);

  afterAll(async () => {
    // Whatever beforeAll got to start is stopped, even when a later step failed.
    if (worker) await stopProcess(worker);
    if (api) await stopProcess(api.child);
    await pg?.close();
    await redis?.stop();
  }, 60_000);

  it('answers 503 while it is down, recovers without a restart, and keeps every acknowledged write', async () => {
    const articles = await Promise.all(['Harbour strike ends', 'Budget vote delayed', 'New battery plant'].map((title) => insertArticle(pg.sql, title)));
    const load = startLoad(api.url, articles);
    await sleep(1_000);
    await pg.stop();
    const downAt = Date.now();
    recordSecurity('faults-postgres', { faultsInjected: 1 });
    await sleep(OUTAGE_MS / 2);
    const health = await call(`${api.url}/api/health`);
    expect({ status: health.status, database: (health.body as { checks: { database: { ok: boolean } } }).checks.database.ok }).toEqual({
      status: 503,
      database: false,
    });
    await sleep(OUTAGE_MS / 2);
    // The outage ends when the restart begins: the server may accept connections before start() returns.
    const restartAt = Date.now();
    await pg.start();
    const upAt = Date.now();
    // Recovers by itself: the same API process is healthy again soon after.
    const healthy = await until(
      async () => (await call(`${api.url}/api/health`)).status,
      (status) => status === 200,
      20_000,
      200,
    );
    expect(healthy).toBe(200);
    // Everything answers again from when the API says it is healthy: how soon is a busy machine's to decide.
    const recovered = Math.max(Date.now(), upAt + 1_000);
    await sleep(2_000);
    await load.answeredAfter(recovered, 20);
    const samples = await load.stop();

    const summary = describeSamples(samples);
    const duringOutage = samples.filter((s) => s.at >= downAt && s.at + s.ms <= restartAt);
    // While down: clear 503s (reads that the Redis cache holds may still be 200), never a 500 or a hang.
    expect({ summary, unclear: unclearFailures(samples).map((s) => `${s.op} ${s.status} ${JSON.stringify(s.body)}`) }).toEqual({ summary, unclear: [] });
    expect(duringOutage.filter((s) => !isRead(s.op) && s.status !== 503).map((s) => `${s.op} ${s.status} +${s.at - downAt} ms`)).toEqual([]);
    expect(duringOutage.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    expect(duringOutage.filter((s) => s.status === 503).every((s) => /database is unavailable/.test((s.body as { message: string }).message))).toBe(true);
    // After: everything answers again.
    const after = samples.filter((s) => s.at > recovered);
    expect({ summary, answeredAfter: after.length > 0 }).toEqual({ summary, answeredAfter: true });
    expect(after.every((s) => s.status >= 200 && s.status < 300)).toBe(true);

    // Every acknowledged write is there, and none is half-written (counters agree with the rows).
    const commentIds = acknowledged(samples, 'comment').map((s) => s.key as number);
    const storedComments = commentIds.length ? (await pg.sql<{ n: number }>('select count(*)::int as n from comment where id in (?)', [commentIds]))[0]!.n : 0;
    const subjects = acknowledged(samples, 'contact').map((s) => s.key as string);
    const storedContacts = subjects.length
      ? (await pg.sql<{ n: number }>('select count(*)::int as n from contact_submission where subject in (?)', [subjects]))[0]!.n
      : 0;
    let likesLost = 0;
    for (const article of articles) {
      const [row] = await pg.sql<{ likes: number; like_rows: number; comments: number; comment_rows: number }>(
        `select likes, comments,
                (select count(*)::int from interaction where article_id = a.id and type = 'like') as like_rows,
                (select count(*)::int from comment where article_id = a.id) as comment_rows
           from article a where id = ?`,
        [article.id],
      );
      expect(row).toMatchObject({ likes: row!.like_rows, comments: row!.comment_rows });
      likesLost += Math.max(0, acknowledged(samples, 'like').filter((s) => s.key === article.id).length - row!.like_rows);
    }
    // The follow-up work too: each acknowledged comment gets its AI reply (jobs wait out the outage).
    const replied = commentIds.length
      ? await until(
          async () => (await pg.sql<{ n: number }>('select count(*)::int as n from comment where id in (?) and ai_response is not null', [commentIds]))[0]!.n,
          (n) => n === commentIds.length,
          20_000,
          250,
        )
      : 0;
    const lost = {
      comments: commentIds.length - storedComments,
      replies: storedComments - replied,
      contacts: subjects.length - storedContacts,
      likes: likesLost,
    };
    recordSecurity('faults-postgres', { writesLost: lost.comments + lost.replies + lost.contacts + lost.likes });
    expect(lost).toEqual({ comments: 0, replies: 0, contacts: 0, likes: 0 });
    expect(commentIds.length + subjects.length).toBeGreaterThan(0);
  }, 120_000);
});
