import type { ChildProcess } from 'node:child_process';
import { recordSecurity } from '../../../scripts/lib/security-ledger.mjs';
import { startApiProcess } from '../support/api-process.js';
import { startFakeLlm } from '../support/fake-llm-server.js';
import { createOwnDatabase } from '../support/own-database.js';
import { startWorkerProcess, stopProcess } from '../support/worker-process.js';
import {
  insertArticle,
  ownDatabaseOrm,
  portClosed,
  postJson,
  productionEnv,
  sleep,
  startOwnRedis,
  until,
  waitForWorkers,
  type Answer,
} from './fault-support.js';

/** How long the fake model takes: the job in flight when SIGTERM reaches the worker. */
const MODEL_MS = 2_500;

const exitOf = (child: ChildProcess) => new Promise<{ code: number | null }>((resolve) => child.once('exit', (code) => resolve({ code })));

/**
 * SIGTERM drains: the API stops taking connections at once, finishes the requests in flight and exits
 * 0; a worker finishes its running job (written once, not redone by the next worker) and exits 0.
 */
describe('faults: graceful shutdown on SIGTERM', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let db: Awaited<ReturnType<typeof ownDatabaseOrm>>;
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  let llm: Awaited<ReturnType<typeof startFakeLlm>>;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    own = await createOwnDatabase();
    db = await ownDatabaseOrm(own.url);
    redis = await startOwnRedis({ aof: false });
    llm = await startFakeLlm();
    env = productionEnv(own.url, redis.url, { AI_BASE_URL: llm.baseUrl, AI_MODEL: 'test-model', AI_TIMEOUT_MS: '10000' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    await llm?.close();
    await db?.orm.close(true);
    await redis?.stop();
    await own?.drop();
  }, 60_000);

  it('the API refuses new connections at once, answers the requests in flight, and exits 0', async () => {
    const api = await startApiProcess(env);
    children.push(api.child);
    const port = Number(new URL(api.url).port);
    // The model answers only when released: the three are in flight however long the API takes to stop listening.
    llm.script({ kind: 'held', text: 'A considered answer.' });
    const inFlight: Promise<Answer>[] = [1, 2, 3].map((i) =>
      postJson(`${api.url}/api/chat`, { message: `Question ${i} about the story?`, sessionId: `drain-session-${i}` }, `10.60.0.${i}`),
    );
    await until(
      async () => llm.requests.length,
      (n) => n === 3,
      10_000,
      20,
    );

    const exited = exitOf(api.child);
    let settled = 0;
    for (const answer of inFlight) void answer.then(() => settled++);
    api.child.kill('SIGTERM');
    recordSecurity('faults-shutdown', { faultsInjected: 1 });
    const refused = await until(
      () => portClosed(port),
      (closed) => closed,
      20_000,
      20,
    );
    // Refused while the three were still waiting on the model, and the process is still there to answer them.
    expect({ refused, settled, exited: api.child.exitCode }).toEqual({ refused: true, settled: 0, exited: null });

    llm.release();
    const answers = await Promise.all(inFlight);
    const { code } = await exited;
    const lost = answers.filter((answer) => answer.status !== 200).length;
    recordSecurity('faults-shutdown', { writesLost: lost });
    expect(answers.map((answer) => [answer.status, (answer.body as { response?: string }).response])).toEqual(Array(3).fill([200, 'A considered answer.']));
    expect(code).toBe(0);
  }, 60_000);

  it('a worker finishes its running job before it exits, and the next worker does not redo it', async () => {
    const api = await startApiProcess(env);
    children.push(api.child);
    const article = await insertArticle(db.sql, 'Shutdown mid reply');
    llm.script({ kind: 'slow', text: 'Written by the worker that was stopping.', ms: MODEL_MS });
    const worker = startWorkerProcess(env);
    children.push(worker);
    const posted = await postJson(
      `${api.url}/api/articles/${article.id}/comments`,
      { authorName: 'Bo', content: 'Will this be answered before the deploy?' },
      '10.61.0.1',
    );
    expect(posted.status).toBe(201);
    const commentId = (posted.body as { id: number }).id;
    await until(
      async () => llm.requests.length,
      (n) => n === 1,
      20_000,
      20,
    );

    const exited = exitOf(worker);
    worker.kill('SIGTERM');
    recordSecurity('faults-shutdown', { faultsInjected: 1 });
    const { code } = await exited;
    const reply = (await db.sql<{ ai_response: string | null }>('select ai_response from comment where id = ?', [commentId]))[0]!.ai_response;
    recordSecurity('faults-shutdown', { writesLost: reply === null ? 1 : 0 });
    expect({ code, reply }).toEqual({ code: 0, reply: 'Written by the worker that was stopping.' });

    // The next worker finds nothing left to do for it: no second model call, the reply unchanged.
    llm.script({ kind: 'answer', text: 'A second reply must never be written.' });
    children.push(startWorkerProcess(env));
    await waitForWorkers(api.url, 1);
    await sleep(2_000);
    expect(llm.requests.length).toBe(0);
    expect((await db.sql('select ai_response from comment where id = ?', [commentId]))[0]).toEqual({ ai_response: 'Written by the worker that was stopping.' });
  }, 60_000);
});
