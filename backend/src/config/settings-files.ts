import fs from 'node:fs';
import path from 'node:path';
import type { Setting } from './setting.js';
import { SETTINGS, TOOLING_VARIABLES } from './settings.js';

/**
 * The files written from settings.ts: `npm run settings` writes them, settings-files.spec.ts fails
 * while one differs from what settings.ts says. Pure functions of settings.ts plus the few lines of
 * the hand-written files they keep (the rest of infra/README.md, the variables compose.yaml sets).
 */

const GENERATED_NOTE = 'Generated from backend/src/config/settings.ts by `npm run settings`: edit that file, not this one.';
const README_START = '<!-- settings:start (generated from backend/src/config/settings.ts by `npm run settings`) -->';
const README_END = '<!-- settings:end -->';

interface Group {
  slice: string;
  title: string;
  settings: Setting[];
}

const GROUPS: Group[] = Object.entries(SETTINGS).map(([slice, declaration]) => ({
  slice,
  title: declaration.title,
  settings: Object.values(declaration.settings) as Setting[],
}));

function required(declaration: Setting): boolean {
  return declaration.default === undefined && !declaration.schema.safeParse(undefined).success;
}

/** The default as the reference tables show it. */
function defaultCell(declaration: Setting): string {
  if (declaration.defaultText) return declaration.defaultText;
  if (required(declaration)) return 'required';
  if (declaration.default === undefined) return 'unset';
  return declaration.default === '' ? 'empty' : `\`${declaration.default}\``;
}

const plain = (text: string) => text.replaceAll('`', '');
const cell = (text: string) => text.replaceAll('|', '\\|');

/** `# `-comment lines of at most 110 characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > 110 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

function envComment(declaration: Setting): string[] {
  const notes = [declaration.defaultText ? `Default: ${declaration.defaultText}.` : '', declaration.secret ? 'Secret.' : ''].filter(Boolean).join(' ');
  return comment(plain(`${declaration.description[0]!.toUpperCase()}${declaration.description.slice(1)}.${notes ? ` ${notes}` : ''}`));
}

/** The repository's .env.example: every variable, backend and tooling, with its default. */
export function renderEnvExample(): string {
  const lines = [
    '# The AI Mind: every environment variable, with its default. Copy to .env for your own notes; the',
    '# processes read the real environment (export them, or set them in your deployment). docs/settings.md',
    '# describes each one.',
    `# ${GENERATED_NOTE}`,
    '',
    '# ===== Backend: API, worker and CLI (validated at start; a bad value stops the process naming it) =====',
  ];
  for (const group of GROUPS) {
    lines.push('', `# --- ${group.title} ---`);
    for (const declaration of group.settings)
      lines.push(...envComment(declaration), `${declaration.env}=${declaration.default ?? (required(declaration) ? declaration.example : '')}`);
  }
  for (const group of TOOLING_VARIABLES) {
    lines.push('', `# --- ${group.title} ---`);
    for (const variable of group.variables)
      lines.push(...comment(plain(`${variable.description[0]!.toUpperCase()}${variable.description.slice(1)}.`)), `${variable.env}=${variable.default}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The backend variables the compose file sets for every backend service itself (its `&backend-environment` block). */
export function composeBackendVariables(composeFile: string): string[] {
  const block = composeFile.slice(composeFile.indexOf('&backend-environment'));
  const body = block.slice(block.indexOf('\n') + 1).split('\n');
  const indent = body[0]!.match(/^\s*/)![0];
  const names: string[] = [];
  for (const line of body) {
    if (line.trim().startsWith('#')) continue;
    if (!line.startsWith(indent)) break;
    const name = line.slice(indent.length).match(/^([A-Z][A-Z0-9_]*):/)?.[1];
    if (name) names.push(name);
  }
  return names;
}

/** infra/backend.env.example: every setting a compose deployment may add, commented out, with a deployment's value. */
export function renderBackendEnvExample(composeFile: string): string {
  const setByCompose = composeBackendVariables(composeFile);
  const lines = [
    ...comment(
      'Backend settings for the compose deployment (copy to infra/backend.env; every API, worker and the migrations service read it). ' +
        'Uncomment what you change; leave the rest out rather than empty: an empty value is still a value. Settings marked secret hold ' +
        `credentials: keep infra/backend.env out of version control. compose.yaml itself sets ${setByCompose.join(', ')}.`,
    ),
    '#',
    '# The first admin: create it once with',
    '#   docker compose -f infra/compose.yaml run --rm -e ADMIN_PASSWORD=... migrate node dist/bundle/main.cli.js create-admin admin',
    `# ${GENERATED_NOTE}`,
  ];
  for (const group of GROUPS) {
    const settings = group.settings.filter((declaration) => !setByCompose.includes(declaration.env));
    if (settings.length === 0) continue;
    lines.push('', `# --- ${group.title} ---`);
    for (const declaration of settings) lines.push(...envComment(declaration), `# ${declaration.env}=${declaration.example ?? declaration.default ?? ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The environment variable table of infra/README.md, between its markers (the rest of the guide is kept). */
export function renderInfraReadme(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`infra/README.md: no ${README_START} ... ${README_END} section`);
  const rows = GROUPS.flatMap((group) =>
    group.settings.map(
      (declaration) =>
        `| \`${declaration.env}\` | ${cell(defaultCell(declaration))} | ${cell(declaration.description)}${declaration.secret ? ' (secret)' : ''} |`,
    ),
  );
  const table = ['| variable | default | what |', '|---|---|---|', ...rows].join('\n');
  return `${readme.slice(0, start)}${README_START}\n${table}\n${readme.slice(end)}`;
}

/** docs/settings.md: the reference of every setting, by the module that reads it. */
export function renderSettingsReference(): string {
  const lines = [
    '# Settings',
    '',
    `<!-- ${GENERATED_NOTE} -->`,
    '',
    'Every environment variable of the backend (API, worker and ops CLI), by the module that reads it. The',
    'backend validates them once at start; a bad value stops the process (exit code 78) naming the variable.',
    'Leave a variable unset rather than empty: an empty value is a value.',
    '',
    'Each setting is declared once, in [`backend/src/config/settings.ts`](../backend/src/config/settings.ts):',
    'its variable, validation, default, description and whether it is a secret. The typed config is derived',
    'from it, one slice per group below, and a module is given only its own slice',
    "(`@InjectConfig('newsletter') private readonly config: ConfigSlice<'newsletter'>`). To add a setting,",
    'add one entry to its group there and run `npm run settings`, which rewrites this page,',
    '[`.env.example`](../.env.example), [`infra/backend.env.example`](../infra/backend.env.example) and the',
    'table in [`infra/README.md`](../infra/README.md#environment-variables); a test fails while any of them is stale.',
    '',
    'Secrets hold credentials: keep them in a secret store (the Kubernetes Secret, an untracked',
    '`infra/backend.env`), never in a committed file.',
  ];
  for (const group of GROUPS) {
    lines.push('', `## ${group.title}`, '', `Slice \`${group.slice}\`.`, '', '| variable | default | what |', '|---|---|---|');
    for (const declaration of group.settings)
      lines.push(
        `| \`${declaration.env}\` | ${cell(defaultCell(declaration))} | ${cell(declaration.description)}${declaration.secret ? ' **(secret)**' : ''} |`,
      );
  }
  lines.push('', '## Outside the backend', '', 'Read by the tooling around it, never validated by the backend.');
  for (const group of TOOLING_VARIABLES) {
    lines.push('', `### ${group.title}`, '', '| variable | default | what |', '|---|---|---|');
    for (const variable of group.variables)
      lines.push(`| \`${variable.env}\` | ${variable.default === '' ? 'empty' : `\`${variable.default}\``} | ${cell(variable.description)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Every generated file, relative to the repository root, with what it should hold now. */
export function generatedFiles(root: string): { file: string; content: string }[] {
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  return [
    { file: '.env.example', content: renderEnvExample() },
    { file: 'infra/backend.env.example', content: renderBackendEnvExample(read('infra/compose.yaml')) },
    { file: 'infra/README.md', content: renderInfraReadme(read('infra/README.md')) },
    { file: 'docs/settings.md', content: renderSettingsReference() },
  ];
}

/** The generated files whose content on disk differs from settings.ts. */
export function staleFiles(root: string): string[] {
  return generatedFiles(root)
    .filter(({ file, content }) => !fs.existsSync(path.join(root, file)) || fs.readFileSync(path.join(root, file), 'utf8') !== content)
    .map(({ file }) => file);
}
