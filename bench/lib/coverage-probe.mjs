// Loaded into an API process with `node --import` by bench/read-path.mjs: counts which source files
// run code while one request is served. V8's precise coverage counts every function call; each
// SIGUSR2 writes the files called since the previous one to READ_PATH_COVERAGE_FILE and starts the
// count again, so two signals around a request name the files that request crossed (and whatever a
// timer ran meanwhile, which the request is far shorter than).
import fs from 'node:fs';
import inspector from 'node:inspector/promises';

const out = process.env.READ_PATH_COVERAGE_FILE;
const session = new inspector.Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

process.on('SIGUSR2', async () => {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const called = result
    .map((script) => ({ url: script.url, functions: script.functions.filter((fn) => fn.ranges[0]?.count > 0).length }))
    .filter((script) => script.functions > 0 && script.url.startsWith('file://'));
  fs.writeFileSync(`${out}.tmp`, JSON.stringify(called));
  fs.renameSync(`${out}.tmp`, out);
});
