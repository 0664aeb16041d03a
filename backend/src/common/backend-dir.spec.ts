import fs from 'node:fs';
import path from 'node:path';
import { BACKEND_DIR, backendDirOf } from './backend-dir.js';

describe('backendDirOf', () => {
  it('finds the backend from a module at any depth of its source, tsc output or bundle', () => {
    for (const file of [
      '/srv/app/backend/src/common/backend-dir.ts',
      '/srv/app/backend/dist/common/backend-dir.js',
      '/srv/app/backend/dist/main.api.js',
      '/srv/app/backend/dist/bundle/main.api.js',
      '/srv/app/backend/dist/bundle/chunks/chunk-ABC.js',
    ]) {
      expect(backendDirOf(file)).toBe('/srv/app/backend');
    }
  });

  it('takes the last src or dist, so a checkout under a folder of either name still works', () => {
    expect(backendDirOf('/home/sam/src/ai-mind/backend/dist/bundle/main.cli.js')).toBe('/home/sam/src/ai-mind/backend');
    expect(backendDirOf('/dist/ai-mind/backend/src/config/app-config.ts')).toBe('/dist/ai-mind/backend');
  });

  it('refuses a path outside both', () => {
    expect(() => backendDirOf('/srv/app/backend/main.api.js')).toThrow('is not under the backend');
  });

  it('is the backend of this repository when loaded from its source', () => {
    expect(fs.existsSync(path.join(BACKEND_DIR, 'package.json'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(BACKEND_DIR, 'package.json'), 'utf8')).name).toBe('@ai-mind/backend');
  });
});
