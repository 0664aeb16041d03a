// The end-to-end tier (`@ai-mind/e2e:test`). Each file starts a product of its own and spends much of its time
// waiting on it, on Chromium and on the clock (a schedule's minute), so the files run three at a time on two
// cores (two kept them about three quarters busy), the longest first (support/longest-first.mjs). The phone
// profile's file (first-paint-forms) runs beside the others too: it holds the page's scripts back until its
// test lets them go, so what it checks before and after hydration does not depend on how fast the machine is.
// Arguments (a file, `-t name`) run just those, one file at a time, as jest would.
import { spawnSync } from 'node:child_process';

const SIDE_BY_SIDE = 3;

const given = process.argv.slice(2);
const args = given.length > 0 ? ['--runInBand', ...given] : [`--maxWorkers=${SIDE_BY_SIDE}`];
const { status } = spawnSync(process.execPath, ['--experimental-vm-modules', '../node_modules/jest/bin/jest.js', ...args], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
});
process.exit(status ?? 1);
