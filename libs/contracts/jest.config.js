import { esmPreset, swcTransform } from '../../jest.preset.js';

export default {
  ...esmPreset,
  displayName: 'contracts',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
};
