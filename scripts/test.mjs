// `npm test`: every tier. The formatter's check, lint, typecheck and build (cached by Nx), then, side by side,
// every project's tests against real PostgreSQL, Redis and Varnish (never cached) and the end-to-end tests in
// headless Chromium.
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
  let failure;
  try {
    // One layout for the whole repository, so a diff shows only what changed (`npm run format` writes it).
    await run('npx', ['prettier', '--check', '--log-level=warn', '.']);
    await nx(['-t', 'lint', 'typecheck', 'build']);
    // The two long tiers one after the other: the backend's integration tier keeps both cores busy on its own
    // (three spec groups at once), and a worker's boot it waits on stretched beside the end-to-end tier. The
    // end-to-end tier runs its files three at a time and its phone-profile file alone (e2e/run-tests.mjs).
    await nx(['-t', 'test', '--skip-nx-cache', '--exclude=@ai-mind/e2e']);
    // Built just above: the product each end-to-end file starts skips asking Nx again.
    await nx(['-t', 'test', '--projects=@ai-mind/e2e'], { AI_MIND_SKIP_BUILD: 'true' });
  } catch (error) {
    failure = error;
  }
  const { passed, failed, skipped } = summary();
  process.stdout.write(`\n${securitySummaryLine()}\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  if (failure) throw failure;
  const security = securityTotals();
  if (security.attacksSucceeded > 0 || security.writesLost > 0) throw new Error('The security suite recorded a successful attack or a lost write.');
}

main().catch((error) => {
  log(error.message);
  process.exit(1);
});
