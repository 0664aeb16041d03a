// The end-to-end tier (`@ai-mind/e2e:test`). Each file starts a product of its own and spends much of its time
// waiting on it, on Chromium and on the clock (a schedule's minute), so the files run three at a time on two
// cores (two kept them about three quarters busy), the longest first (support/longest-first.mjs). Then the
// file that holds a throttled phone (CDP CPU throttling) to what it shows within a time runs alone, where no
// neighbour's CPU is its to pay.
// Arguments (a file, `-t name`) run just those, one file at a time, as jest would.
import { spawnSync } from 'node:child_process';
import globalSetup from './support/global-setup.mjs';
import globalTeardown from './support/global-teardown.mjs';

const SIDE_BY_SIDE = 3;

/** Files whose assertions include what a throttled phone sees within a time: never beside another file. */
const MEASURED_ALONE = ['tests/first-paint-forms.e2e.ts'];

const jest = (args, part) =>
  spawnSync(process.execPath, ['--experimental-vm-modules', '../node_modules/jest/bin/jest.js', ...args], {
    cwd: import.meta.dirname,
    stdio: 'inherit',
    env: { ...process.env, ...(part ? { AI_MIND_TEST_PART: part } : {}) },
  }).status ?? 1;

const given = process.argv.slice(2);
if (given.length > 0) process.exit(jest(['--runInBand', ...given]));

// One PostgreSQL template for both runs (each run's global setup finds it in the environment).
await globalSetup();
const escaped = MEASURED_ALONE.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
// Both run whatever the first one's result, so one run reports every failure.
const side = jest([`--maxWorkers=${SIDE_BY_SIDE}`, '--testPathIgnorePatterns', ...escaped], 'side-by-side');
const alone = jest(['--runInBand', ...escaped], 'alone');
await globalTeardown();
process.exit(side || alone);
