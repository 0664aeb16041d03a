// `npm run bench`: installs the dependencies when they are missing or stale (as start and test do) and the
// full Chromium its page-load figures are measured in, then runs the benchmark suite, whose modules import them.
import fs from 'node:fs';
import { BENCH_CHROMIUM_PATH } from './lib/chromium.mjs';
import { BENCH_CHROMIUM, ensureSystemTool } from './lib/system-packages.mjs';
import { ensureDependencies, log } from './lib/workspace.mjs';

await ensureDependencies();
if (!fs.existsSync(BENCH_CHROMIUM_PATH)) await ensureSystemTool(BENCH_CHROMIUM, { log });
await import('../bench/run.mjs');
