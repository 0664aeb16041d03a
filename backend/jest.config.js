import { esmPreset, swcTransform } from '../jest.preset.js';

export default {
  ...esmPreset,
  displayName: 'backend',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
  roots: ['<rootDir>/src', '<rootDir>/test'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  setupFiles: ['reflect-metadata'],
  testTimeout: 30_000,
  maxWorkers: 2,
};
