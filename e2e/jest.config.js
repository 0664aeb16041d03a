import { esmPreset, swcTransform } from '../jest.preset.js';

export default {
  ...esmPreset,
  displayName: 'e2e',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  testTimeout: 120_000,
};
