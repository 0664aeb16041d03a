import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { freePort, REPO_ROOT, startProduct, type RunningProduct } from './product.js';

/** Screenshots of every suite, for people to look at, and what each suite's product printed. */
export const ARTIFACTS = path.join(REPO_ROOT, 'e2e/artifacts');

export interface ProductSuite {
  readonly product: RunningProduct;
  readonly browser: Browser;
  readonly dataDir: string;
  readonly port: number;
  /** Starts the product again on the same port and data (after a test stopped it). */
  restart(): Promise<RunningProduct>;
}

/**
 * One product per test file, started as the README starts it, with its own data folder and port, and
 * one Chromium; both are stopped after the file's tests.
 */
export function useProduct(
  name: string,
  extraEnv: Record<string, string> | ((port: number) => Promise<Record<string, string>>) = {},
  /** Bounds the start, with what `extraEnv` prepares before it (a suite may fill a database first). */
  startTimeoutMs = 300_000,
): ProductSuite {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ai-mind-e2e-${name}-`));
  const state: { product?: RunningProduct; browser?: Browser; port?: number; env?: Record<string, string> } = {};

  beforeAll(async () => {
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    state.port = await freePort();
    state.env = typeof extraEnv === 'function' ? await extraEnv(state.port) : extraEnv;
    // Chromium starts while npm start works (each waits on its own processes); both are kept as they
    // arrive, so afterAll stops whichever started when the other failed.
    const started = await Promise.allSettled([
      startProduct(dataDir, state.port, state.env).then((product) => (state.product = product)),
      launchBrowser().then((browser) => (state.browser = browser)),
    ]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  }, startTimeoutMs);

  afterAll(async () => {
    await state.browser?.close();
    await state.product?.stop();
    // What the product printed (its warnings and errors), beside the screenshots: a failure's cause on the server.
    if (state.product) fs.writeFileSync(path.join(ARTIFACTS, `${name}.product.log`), state.product.output());
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  return {
    get product() {
      return state.product!;
    },
    get browser() {
      return state.browser!;
    },
    get port() {
      return state.port!;
    },
    dataDir,
    async restart() {
      state.product = await startProduct(dataDir, state.port!, state.env);
      return state.product;
    },
  };
}
