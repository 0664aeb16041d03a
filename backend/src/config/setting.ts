import { z } from 'zod';

/** One environment variable of the backend: its name, how it is validated, its default and what it is for. */
export interface Setting<E extends string = string, T extends z.ZodType = z.ZodType> {
  env: E;
  schema: T;
  /** The value used when the variable is unset, spelled as in a .env file (it goes through the schema like a set value). */
  default?: string;
  /** The default in words, when it is no fixed value (derived from another setting or the environment). */
  defaultText?: string;
  description: string;
  /** Holds a credential: deployments keep it in a secret store, never in a committed file. */
  secret?: boolean;
  /** A deployment's value, shown (commented) in infra/backend.env.example instead of the default. */
  example?: string;
}

export function setting<const E extends string, T extends z.ZodType>(declaration: Setting<E, T>): Setting<E, T> {
  return declaration;
}

/** The settings one module reads, under the names it reads them by. */
export interface SliceDeclaration<S extends Record<string, Setting> = Record<string, Setting>> {
  /** The module (or process part) that reads them: the heading in the generated files. */
  title: string;
  settings: S;
}

export function slice<const S extends Record<string, Setting>>(title: string, settings: S): SliceDeclaration<S> {
  return { title, settings };
}

/** The schema of a setting as the environment is parsed: an unset variable takes the default, then validates like a set one. */
export function envSchemaOf<T extends z.ZodType>(declaration: Setting<string, T>): T {
  return (declaration.default === undefined ? declaration.schema : (declaration.schema as z.ZodType).prefault(declaration.default)) as T;
}

/** What a slice's settings parse to, under the slice's property names. */
export type SliceValues<S extends SliceDeclaration> = { [K in keyof S['settings']]: z.output<S['settings'][K]['schema']> };

export const port = z.coerce.number().int().min(1).max(65535);
export const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A comma-separated list: items trimmed, empty ones dropped, each checked by `item`. */
export function commaList(item: z.ZodType<string, string>) {
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));
}

/** A whole number between min and max (the environment gives strings). */
export function integer(min: number, max: number) {
  return z.coerce.number().int().min(min).max(max);
}
