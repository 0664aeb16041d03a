// `npm test`: every tier. The build (cached by Nx), then every project's tests against real PostgreSQL, Redis
// and Varnish (never cached) and the end-to-end tests in headless Chromium, with the formatter's check, lint
// and typecheck beside them at the lowest CPU priority.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './lib/chromium.mjs';
import { securitySummaryLine, securityTotals } from './lib/security-ledger.mjs';
import { CHROMIUM, ensureSystemTool, REDIS, VARNISH } from './lib/system-packages.mjs';
import { ensureDependencies, log, NX_ENV, ROOT, run } from './lib/workspace.mjs';

const RESULTS_DIR = path.join(ROOT, '.test-results');

function summary() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of fs.existsSync(RESULTS_DIR) ? fs.readdirSync(RESULTS_DIR) : []) {
    if (!file.endsWith('.json')) continue;
    const result = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, file), 'utf8'));
    for (const key of Object.keys(totals)) totals[key] += result[key];
  }
  return totals;
}

/**
 * Prettier's check (one layout for the whole repository, so a diff shows only what changed; `npm run format`
 * writes it), then lint and typecheck, under `nice -n 19`, their output kept until they end; the errors of
 * those that failed.
 */
async function staticChecks() {
  const quietly = async (name, args, env = {}) => {
    const output = [];
    const child = spawn('nice', ['-n', '19', 'npx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    process.stdout.write(`\n[${name}] ${code === 0 ? 'passed' : `failed (exit ${code})`}\n`);
    if (code !== 0) process.stdout.write(Buffer.concat(output));
    return code === 0 ? [] : [new Error(`${name} failed (exit ${code})`)];
  };
  const formatting = await quietly('prettier --check', ['prettier', '--check', '--log-level=warn', '.']);
  // Never the builds they depend on: built before the tests, and a build run or restored from Nx's cache now
  // would rewrite a dist/ folder while a test reads it (a component test once found @ai-mind/contracts gone).
  const nx = await quietly(
    'lint and typecheck',
    ['nx', 'run-many', '--outputStyle=stream', '--parallel=2', '--excludeTaskDependencies', '-t', 'lint', 'typecheck'],
    NX_ENV,
  );
  return [...formatting, ...nx];
}

async function main() {
  await ensureSystemTool(REDIS, { log });
  await ensureSystemTool(VARNISH, { log });
  if (!fs.existsSync(CHROMIUM_PATH) || !CHROMIUM.present()) {
    const installed = await ensureSystemTool(CHROMIUM, { log });
    // The end-to-end tests look for Chromium where this machine's package put it.
    if (installed !== CHROMIUM_PATH) process.env.CHROMIUM_PATH = installed;
  }
  await ensureDependencies();
  fs.rmSync(RESULTS_DIR, { recursive: true, force: true });

  const nx = (args, env = {}) => run('npx', ['nx', 'run-many', '--outputStyle=stream', '--parallel=2', ...args], { env: { ...NX_ENV, ...env } });
  await nx(['-t', 'build']);
  // The formatter's check, lint and typecheck read the sources only: they run beside the tests at the lowest
  // CPU priority, in the time the tests spend waiting on their processes, timers and the clock (both long
  // tiers leave about an eighth of two cores idle), and never take a core a test is waiting for. Their output
  // is printed after the tests'.
  const checks = staticChecks();
  const failures = [];
  try {
    // The two long tiers one after the other: each keeps both cores busy on its own (side by side, both took
    // far longer). The end-to-end tier runs its files three at a time and its phone-profile file alone
    // (e2e/run-tests.mjs). --excludeTaskDependencies: the builds above are what the tests run; with
    // --skip-nx-cache, Nx would build every project again first (the cache skipped for the builds too), while
    // other tests read dist/.
    await nx(['-t', 'test', '--skip-nx-cache', '--excludeTaskDependencies', '--exclude=@ai-mind/e2e']);
    // Built just above: the product each end-to-end file starts skips asking Nx again.
    await nx(['-t', 'test', '--skip-nx-cache', '--excludeTaskDependencies', '--projects=@ai-mind/e2e'], { AI_MIND_SKIP_BUILD: 'true' });
  } catch (error) {
    failures.push(error);
  }
  failures.push(...(await checks));
  const { passed, failed, skipped } = summary();
  process.stdout.write(`\n${securitySummaryLine()}\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  if (failures.length > 0) throw new Error(failures.map((error) => error.message).join('\n'));
  const security = securityTotals();
  if (security.attacksSucceeded > 0 || security.writesLost > 0) throw new Error('The security suite recorded a successful attack or a lost write.');
}

main().catch((error) => {
  log(error.message);
  process.exit(1);
});
