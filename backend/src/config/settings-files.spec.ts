import { REPO_ROOT } from './app-config.js';
import { composeBackendVariables, generatedFiles, renderInfraReadme, staleFiles } from './settings-files.js';
import { ALL_SETTINGS } from './env.schema.js';

describe('the files generated from settings.ts', () => {
  it('are current (run `npm run settings` after changing a setting)', () => {
    expect(staleFiles(REPO_ROOT)).toEqual([]);
  });

  it('name every backend setting in the full references, and .env.example gives each default', () => {
    for (const { file, content } of generatedFiles(REPO_ROOT).filter(({ file }) => file !== 'infra/backend.env.example')) {
      expect({
        file,
        missing: ALL_SETTINGS.filter((declaration) => !content.includes(`\`${declaration.env}\``) && !content.includes(`${declaration.env}=`)).map(
          (d) => d.env,
        ),
      }).toEqual({ file, missing: [] });
    }
    const envExample = generatedFiles(REPO_ROOT).find(({ file }) => file === '.env.example')!.content;
    for (const declaration of ALL_SETTINGS.filter((d) => d.default !== undefined))
      expect(envExample).toContain(`\n${declaration.env}=${declaration.default}\n`);
  });

  it('leave out of infra/backend.env.example only what compose.yaml sets itself', () => {
    const compose = [
      'services:',
      '  api:',
      '    environment: &backend-environment',
      '      NODE_ENV: production',
      '      # a note',
      '      REDIS_URL: redis://redis',
      '    volumes: []',
    ].join('\n');
    expect(composeBackendVariables(compose)).toEqual(['NODE_ENV', 'REDIS_URL']);
    const { content } = generatedFiles(REPO_ROOT).find(({ file }) => file === 'infra/backend.env.example')!;
    const absent = ALL_SETTINGS.filter((declaration) => !content.includes(`# ${declaration.env}=`)).map((declaration) => declaration.env);
    expect(absent.sort()).toEqual(['BACKUP_DIR', 'DATABASE_URL', 'HTTP_CACHE_PURGE_URLS', 'LOG_LEVEL', 'MEDIA_DIR', 'NODE_ENV', 'PUBLIC_URL', 'REDIS_URL']);
  });

  it('keep the hand-written rest of infra/README.md and replace only the table', () => {
    const start = '<!-- settings:start (generated from backend/src/config/settings.ts by `npm run settings`) -->';
    const readme = `# Guide\n\nbefore\n${start}\n| stale |\n<!-- settings:end -->\nafter\n`;
    const rendered = renderInfraReadme(readme);
    expect(rendered.startsWith(`# Guide\n\nbefore\n${start}\n| variable | default | what |`)).toBe(true);
    expect(rendered.endsWith('<!-- settings:end -->\nafter\n')).toBe(true);
    expect(rendered).not.toContain('| stale |');
    expect(rendered).toContain('| `SMTP_URL` | unset |');
    expect(() => renderInfraReadme('# no markers')).toThrow(/settings:start/);
  });
});
