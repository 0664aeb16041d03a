// The backend's tests (`@ai-mind/backend:test`): both tiers in one jest run (jest.config.js). Each spec file of
// the integration tier imports the backend's module graph, some 4,000 modules that jest's ESM mode loads
// again for every file (about 5 s of CPU each, a third of the tier's work). So the files run in a few groups,
// each group one jest test file importing its specs, sharing one module registry; every spec builds its own
// app, processes and data as it does alone. The groups are dealt so their measured seconds are even
// (test/spec-seconds.json), since jest hands a group to whichever of its three workers is free.
// Arguments (a file, `-t name`) run just those, each file alone, as jest would. `--seconds` runs the integration
// tier one file at a time and writes what each file took into test/spec-seconds.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SRC_SPECS_NEEDING_SERVICES } from './jest.tiers.js';

const ROOT = import.meta.dirname;
/** A multiple of jest.config.js's three workers, so they finish together. */
const GROUPS = 9;

const jest = (args, env = {}) =>
  spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/bprof', '--experimental-vm-modules', '../node_modules/jest/bin/jest.js', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status;

const SECONDS_FILE = path.join(ROOT, 'test/spec-seconds.json');

const given = process.argv.slice(2);
if (given[0] === '--seconds') process.exit(recordSeconds());
if (given.length > 0) process.exit(jest(given));

function recordSeconds() {
  const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-spec-seconds-')), 'results.json');
  const status = jest(['--selectProjects', 'backend', '--json', '--outputFile', output]);
  const { testResults } = JSON.parse(fs.readFileSync(output, 'utf8'));
  const seconds = testResults
    .map((result) => [path.relative(ROOT, result.name), Math.round((result.endTime - result.startTime) / 1000)])
    .sort(([a], [b]) => a.localeCompare(b));
  fs.writeFileSync(SECONDS_FILE, `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
  return status;
}

/** The integration tier's spec files, relative to the backend, in a stable order. */
function integrationSpecs() {
  const underTest = fs
    .readdirSync(path.join(ROOT, 'test'), { recursive: true })
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => path.join('test', file));
  return [...underTest, ...SRC_SPECS_NEEDING_SERVICES].sort();
}

/** Longest first, each into the group with the fewest seconds so far; a spec not yet measured counts as the median. */
function dealGroups(specs) {
  const measured = JSON.parse(fs.readFileSync(SECONDS_FILE, 'utf8'));
  const known = Object.values(measured).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const seconds = (spec) => measured[spec] ?? median;
  const groups = Array.from({ length: GROUPS }, () => ({ seconds: 0, specs: [] }));
  for (const spec of [...specs].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((least, group) => (group.seconds < least.seconds ? group : least));
    lightest.seconds += seconds(spec);
    lightest.specs.push(spec);
  }
  return groups.filter((group) => group.specs.length > 0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-spec-groups-'));
try {
  dealGroups(integrationSpecs()).forEach((group, i) => {
    const imports = group.specs.sort().map((spec) => `import '${path.join(ROOT, spec)}';`);
    fs.writeFileSync(
      path.join(dir, `group-${i + 1}.spec.ts`),
      `// ${group.specs.length} spec files, about ${group.seconds} s run one by one.\n${imports.join('\n')}\n`,
    );
  });
  process.exitCode = jest([], { AI_MIND_SPEC_GROUPS: dir });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
