// Jest's order for the end-to-end files: the longest first (test-seconds.json, what each file took in a
// run of the tier), so the files running side by side finish together instead of one long file starting
// last. Jest's own order needs a run's timings in its cache, which a fresh clone does not have.
import fs from 'node:fs';
import path from 'node:path';
import TestSequencer from '@jest/test-sequencer';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = JSON.parse(fs.readFileSync(path.join(ROOT, 'test-seconds.json'), 'utf8'));

/** A file not yet timed counts as the median. */
function secondsOf() {
  const known = Object.values(SECONDS).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 0;
  return (test) => SECONDS[path.relative(ROOT, test.path)] ?? median;
}

export default class LongestFirst extends (TestSequencer.default ?? TestSequencer) {
  sort(tests) {
    const seconds = secondsOf();
    return [...tests].sort((a, b) => seconds(b) - seconds(a) || a.path.localeCompare(b.path));
  }
}
