import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import { BACKEND_DIR } from './backend-dir.js';

/**
 * A worker script by its path under backend/dist (`modules/articles/x.worker.js`): the built one
 * whether this module runs built or as TypeScript under the tests (which build the backend first),
 * since a thread runs JavaScript only.
 */
export function builtWorkerScript(distPath: string): URL {
  return pathToFileURL(path.join(BACKEND_DIR, 'dist', distPath));
}

/**
 * CPU work on a request's input (sanitizing an article body, checking its claims: tens of
 * milliseconds for the largest body allowed) done on a worker thread of its own, as
 * CompressionPool does for compression: on the event loop it would hold up every other request
 * meanwhile. One thread per pool, jobs one after another, so a pool takes at most one core; the
 * thread starts with the first job, keeps the process alive only while jobs wait, and stops after
 * IDLE_MS without one: its own heap and modules (30 to 50 MB) are kept only while editors save.
 */
export class WorkerPool<Input, Output> {
  private static readonly IDLE_MS = 30_000;
  /**
   * A small heap, collected early: the largest body's work needs a few tens of MB at most, and V8's
   * default lets a thread grow far past that before it collects. A job that needed more fails alone
   * (its call gets an error, the next job starts a new thread).
   */
  private static readonly LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 2 };
  private worker: Worker | null = null;
  private idle: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, { resolve: (output: Output) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  /** `script` (builtWorkerScript): a module that calls serveJobs with the work this pool's jobs do. */
  constructor(
    private readonly script: URL,
    private readonly name: string,
  ) {}

  run(input: Input): Promise<Output> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.idle) clearTimeout(this.idle);
      this.idle = null;
      const worker = this.started();
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, input });
    });
  }

  /** Jobs waiting or under way (for tests). */
  get queued(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { name: this.name, resourceLimits: WorkerPool.LIMITS });
    worker.on('message', (message: { id: number; output?: Output; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) {
        worker.unref();
        this.idle = setTimeout(() => void this.close(), WorkerPool.IDLE_MS).unref();
      }
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.output as Output);
    });
    // A thread that fails takes its jobs with it; the next job starts a new one.
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The ${this.name} thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** The worker thread's side of a WorkerPool: answers each job with `work`'s output (or its error). */
export function serveJobs<Input, Output>(work: (input: Input) => Output | Promise<Output>): void {
  parentPort!.on('message', ({ id, input }: { id: number; input: Input }) => {
    Promise.resolve()
      .then(() => work(input))
      .then(
        (output) => parentPort!.postMessage({ id, output }),
        (error: unknown) => parentPort!.postMessage({ id, error: String(error) }),
      );
  });
}

/** A job for the body-work thread: the task module's script (its URL's href) and that task's input. */
export interface BodyJob {
  task: string;
  input: unknown;
}

/**
 * The process's one thread for work on bodies, whatever module asks (body-work.worker.ts): each
 * thread costs its own heap and copies of the modules it loads (30 to 50 MB), so the sanitizer and
 * the claim check share one rather than keeping two while editors save.
 */
export const bodyWorkThread = new WorkerPool<BodyJob, unknown>(builtWorkerScript('common/body-work.worker.js'), 'body work');

/**
 * One kind of body work, done on bodyWorkThread by the task module at `script` (builtWorkerScript),
 * whose default export does one job. The owning module keeps its task to itself; the thread only
 * loads the module the first time a job of it comes.
 */
export class BodyWorkTask<Input, Output> {
  private running = 0;

  constructor(private readonly script: URL) {}

  async run(input: Input): Promise<Output> {
    this.running++;
    try {
      return (await bodyWorkThread.run({ task: this.script.href, input })) as Output;
    } finally {
      this.running--;
    }
  }

  /** Jobs of this task waiting or under way (for tests). */
  get queued(): number {
    return this.running;
  }
}
