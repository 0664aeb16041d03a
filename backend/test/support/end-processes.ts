import { killLeftoverProcesses } from './worker-process.js';

// After each test file of the integration tier: no worker or API process it started outlives it.
afterAll(() => {
  const killed = killLeftoverProcesses();
  if (killed > 0) process.stderr.write(`Killed ${killed} process(es) a test started and did not stop.\n`);
});
