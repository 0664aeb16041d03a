import { esmPreset, swcTransform } from '../jest.preset.js';

export default {
  ...esmPreset,
  displayName: 'e2e',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  globalSetup: '<rootDir>/support/global-setup.mjs',
  globalTeardown: '<rootDir>/support/global-teardown.mjs',
  testSequencer: '<rootDir>/support/longest-first.mjs',
  testTimeout: 120_000,
};
