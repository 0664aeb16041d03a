// The end-to-end tier (`@ai-mind/e2e:test`). Each file starts a product of its own and spends much of its time
// waiting on it and on Chromium, so the files run three at a time; then the files that hold the product to a
// bound on a throttled phone (CDP CPU throttling) run alone, where no neighbour's CPU is theirs to pay.
// Arguments (a file, `-t name`) run just those, one file at a time, as jest would.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initPostgresTemplate } from '../scripts/lib/services.mjs';

/**
 * Files at once on two cores: a file waits much of its time on its product, its browser and the clock (a
 * schedule's minute), so two kept the cores about three quarters busy and a third fills the wait. They
 * start longest first (support/longest-first.mjs).
 */
const SIDE_BY_SIDE = 3;

/** Files whose assertions include what a throttled phone sees within a time: never beside another file. */
const MEASURED_ALONE = ['tests/first-paint-forms.e2e.ts', 'tests/server-render.e2e.ts'];

const jest = (args, part) =>
  spawnSync(process.execPath, ['--experimental-vm-modules', '../node_modules/jest/bin/jest.js', ...args], {
    cwd: import.meta.dirname,
    stdio: 'inherit',
    env: { ...process.env, ...(part ? { AI_MIND_TEST_PART: part } : {}) },
  }).status;

const given = process.argv.slice(2);
if (given.length > 0) process.exit(jest(['--runInBand', ...given]));

// One initdb for both parts (support/global-setup.mjs makes one per jest run when none is given).
const templateDir = process.env.AI_MIND_POSTGRES_TEMPLATE ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-e2e-pg-template-'));
if (templateDir) {
  fs.chmodSync(templateDir, 0o755);
  await initPostgresTemplate(path.join(templateDir, 'postgres'));
  process.env.AI_MIND_POSTGRES_TEMPLATE = path.join(templateDir, 'postgres');
}

const escaped = MEASURED_ALONE.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
// Both parts run whatever the first one's result, so one run reports every failure.
const side = jest([`--maxWorkers=${SIDE_BY_SIDE}`, '--testPathIgnorePatterns', ...escaped], 'side-by-side');
const alone = jest(['--runInBand', ...escaped], 'alone');
if (templateDir) fs.rmSync(templateDir, { recursive: true, force: true });
process.exit(side || alone);
