import { Ajv } from 'ajv';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);

/** The Compose Specification's JSON schema, as bundled with dclint (the file `docker compose config` checks against). */
function composeSchema(): object {
  const file = path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas/compose.schema.json');
  const { $schema: _draft, ...schema } = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  return schema;
}

let validator: ReturnType<Ajv['compile']> | undefined;

/** Schema violations of a parsed, interpolated compose file, as `path: message` lines. */
export function composeSchemaErrors(document: unknown): string[] {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(composeSchema());
  if (validator(document)) return [];
  return (validator.errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'}: ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
  );
}

/** NAME=value lines of a dotenv file; comments and blank lines skipped. */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!match) continue;
    values[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/**
 * Compose's variable interpolation (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error},
 * ${VAR?error}, $VAR, and $$ for a literal $), applied to every string of a parsed file.
 */
export function interpolate<T>(value: T, variables: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, braced, operator, argument, bare) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare) as string;
      const set = variables[name];
      const empty = set === undefined || set === '';
      switch (operator) {
        case ':-':
          return empty ? argument : set;
        case '-':
          return set === undefined ? argument : set;
        case ':?':
          if (empty) throw new Error(`required variable ${name} is missing a value: ${argument}`);
          return set;
        case '?':
          if (set === undefined) throw new Error(`required variable ${name} is missing a value: ${argument}`);
          return set;
        default:
          return set ?? '';
      }
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, variables)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, variables)])) as T;
  }
  return value;
}

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string[] | string;
  environment?: Record<string, string>;
  env_file?: ({ path: string; required?: boolean } | string)[];
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number | string };
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] | string };
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** A compose file as `docker compose config` sees it: YAML with merge keys, then interpolated. */
export function loadCompose(text: string, variables: Record<string, string>): ComposeFile {
  return interpolate(parse(text, { merge: true }) as ComposeFile, variables);
}
