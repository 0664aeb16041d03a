// The backend's two test tiers. Unit: the specs of pure code under src/, which start no service and import
// no build. Integration: test/ and the few specs under src/ that need Redis, against the real PostgreSQL and
// Redis that test/global-setup.mjs starts from the build's migrations.
import { contractsFromSource, esmPreset, swcTransform } from '../jest.preset.js';

/** Specs under src/ that run a BullMQ worker against Redis: integration, whatever their folder. */
export const SRC_SPECS_NEEDING_SERVICES = ['src/queue/queue-worker.spec.ts', 'src/queue/every-job-handled.spec.ts'];
const SPECS_NEEDING_SERVICES = SRC_SPECS_NEEDING_SERVICES.map((spec) => `<rootDir>/${spec}`);

/**
 * Where run-tests.mjs wrote the integration tier's spec groups for this run: jest then runs the groups
 * instead of the files (each file still runs alone when named, or when jest is run directly).
 */
const specGroups = process.env.AI_MIND_SPEC_GROUPS;

const common = {
  ...esmPreset,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
  setupFiles: ['reflect-metadata'],
};

export const unit = {
  ...common,
  displayName: 'backend-unit',
  moduleNameMapper: { ...esmPreset.moduleNameMapper, ...contractsFromSource },
  roots: ['<rootDir>/src'],
  testPathIgnorePatterns: [...esmPreset.testPathIgnorePatterns, ...SPECS_NEEDING_SERVICES],
};

export const integration = {
  ...common,
  displayName: 'backend',
  roots: ['<rootDir>/src', '<rootDir>/test', ...(specGroups ? [specGroups] : [])],
  testMatch: specGroups ? [`${specGroups}/*.spec.ts`] : ['<rootDir>/test/**/*.spec.ts', ...SPECS_NEEDING_SERVICES],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/support/end-processes.ts'],
  // A test waiting on a worker or the product counts their boot, which a busy machine stretches (npm test
  // runs this tier beside the end-to-end one): a wait ends as soon as what it waits for happens, so a
  // generous bound costs a passing run nothing.
  testTimeout: 120_000,
};
