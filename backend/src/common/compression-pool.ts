import { Worker } from 'node:worker_threads';

/**
 * The strongest compression (brotli at quality 11, gzip at level 9), done on one worker thread of
 * its own: about half a second of CPU for a 250 KB page, which on the event loop would hold up every
 * other request meanwhile. One thread, jobs one after another: however many pages wait, the
 * compression takes at most one core, and the API's own thread never does it.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
parentPort.on('message', ({ id, body, forms }) => {
  try {
    const gzip = forms.includes('gzip') ? zlib.gzipSync(body, { level: 9 }) : undefined;
    const br = forms.includes('br')
      ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : undefined;
    parentPort.postMessage({ id, gzip, br });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

export type CompressedForm = 'gzip' | 'br';

interface Pending {
  resolve: (forms: { gzip?: Buffer; br?: Buffer }) => void;
  reject: (error: Error) => void;
}

const asBuffer = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined);

export class CompressionPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  /** `body` in the strongest form of each of `forms`, made off the event loop. */
  compress(body: Buffer, forms: readonly CompressedForm[]): Promise<{ gzip?: Buffer; br?: Buffer }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // While jobs wait the thread keeps the process alive; idle, it never does.
      const worker = this.started();
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, body, forms });
    });
  }

  /** Jobs waiting or under way (for tests and the benchmark's notes). */
  get queued(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('message', (message: { id: number; gzip?: Uint8Array; br?: Uint8Array; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.error) job.reject(new Error(message.error));
      else job.resolve({ gzip: asBuffer(message.gzip), br: asBuffer(message.br) });
    });
    // A thread that fails takes its jobs with it; the next job starts a new one.
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The compression thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** The process's one compression thread. */
export const strongestCompression = new CompressionPool();
