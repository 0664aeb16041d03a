// `npm run bench`: installs the dependencies when they are missing or stale (as start and test do),
// then runs the benchmark suite, whose modules import them.
import { ensureDependencies } from './lib/workspace.mjs';

await ensureDependencies();
await import('../bench/run.mjs');
