import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUNDLE_DIR } from './support/worker-process.js';

describe('process start-up with bad configuration', () => {
  it.each(['main.api.js', 'main.worker.js', 'main.cli.js migrate'])('%s stops and names the bad variable', (entry) => {
    const [file, ...args] = entry.split(' ');
    const result = spawnSync(process.execPath, [path.join(BUNDLE_DIR, file!), ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: 'http://not-redis', PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('REDIS_URL: must be a redis:// URL');
    expect(result.stderr).toContain('PORT:');
  });
});
