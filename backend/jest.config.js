// Both tiers (jest.tiers.js) in one run, as `npm test` runs them; a path argument picks specs from either,
// and the integration tier's PostgreSQL and Redis start only when one of its specs is picked.
import { esmPreset } from '../jest.preset.js';
import { integration, unit } from './jest.tiers.js';

const rootDir = import.meta.dirname;
const project = ({ reporters: _reporters, ...config }) => ({ ...config, rootDir });

export default {
  reporters: esmPreset.reporters,
  projects: [project(unit), project(integration)],
  // The integration tier's bound (jest.tiers.js), for a run of both tiers.
  testTimeout: 120_000,
  // Three spec groups at once on two cores: a group waits much of its time on the processes and timers it
  // started (the tier kept two cores about three quarters busy with two), and a third fills that wait.
  maxWorkers: 3,
  // A worker that grew past this between two spec files is started afresh: over 100 files, one kept
  // worker ran out of heap.
  workerIdleMemoryLimit: '1GB',
};
