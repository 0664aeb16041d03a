// `npm run test:unit`: the tests of pure code, with no PostgreSQL, Redis or build (the libraries are read from
// source). The backend's integration tier, the apps' component tests and the end-to-end tests run in `npm test`.
import { unit as backendUnit } from './backend/jest.tiers.js';
import contracts from './libs/contracts/jest.config.js';
import ui from './libs/ui/jest.config.js';
import { contractsFromSource } from './jest.preset.js';

const project = (dir, { reporters: _reporters, ...config }) => ({
  ...config,
  rootDir: new URL(dir, import.meta.url).pathname,
  moduleNameMapper: { ...config.moduleNameMapper, ...contractsFromSource },
});

export default {
  projects: [project('./backend/', backendUnit), project('./libs/contracts/', contracts), project('./libs/ui/', ui)],
  testTimeout: 20_000,
  // Jest's default is one worker less than the cores: one on a 2-core machine.
  maxWorkers: 2,
};
