import { esmPreset, swcTransform } from '../jest.preset.js';

export default {
  ...esmPreset,
  displayName: 'infra',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
  roots: ['<rootDir>/test'],
};
