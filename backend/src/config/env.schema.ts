import { z } from 'zod';
import { envSchemaOf, type Setting } from './setting.js';
import { SETTINGS } from './settings.js';

type Declarations = typeof SETTINGS;
type DeclaredSetting = { [N in keyof Declarations]: Declarations[N]['settings'][keyof Declarations[N]['settings']] }[keyof Declarations];

/** Every declared setting, in the order of settings.ts. */
export const ALL_SETTINGS: Setting[] = Object.values(SETTINGS).flatMap((group) => Object.values(group.settings) as Setting[]);

/** Every environment variable the backend reads, keyed by its name, as settings.ts declares it. */
export const EnvSchema = z.object(
  Object.fromEntries(ALL_SETTINGS.map((declaration) => [declaration.env, envSchemaOf(declaration)])) as {
    [S in DeclaredSetting as S['env']]: S['schema'];
  },
);

export type Env = z.infer<typeof EnvSchema>;
