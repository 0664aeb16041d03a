import { reactJestConfig } from '../jest.preset.js';

export default reactJestConfig('public-site');
