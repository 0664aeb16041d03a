import path from 'node:path';
import { BACKEND_DIR } from '../common/backend-dir.js';
import { EnvSchema, type Env } from './env.schema.js';
import type { SliceValues } from './setting.js';
import { SETTINGS } from './settings.js';

/** The monorepo root: the backend's parent folder. */
export const REPO_ROOT = path.dirname(BACKEND_DIR);

type Declarations = typeof SETTINGS;
export type SliceName = keyof Declarations;
type Values<N extends SliceName> = SliceValues<Declarations[N]>;

/**
 * The slices whose typed values are more than their settings as parsed: defaults that depend on
 * another setting, paths resolved, settings that only mean something together.
 */
interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The site's origin (scheme, host, port; no trailing slash): every URL the site writes about itself starts with it. */
const siteOrigin = (all: Env) => new URL(all.PUBLIC_URL ?? `http://localhost:${all.PORT}`).origin;

const DERIVED = {
  site: ({ env, logLevel }: Values<'site'>, all: Env) => ({
    env,
    publicUrl: siteOrigin(all),
    logLevel: logLevel as string,
  }),
  server: (values: Values<'server'>, all: Env) => ({ ...values, trustProxy: trustProxy(values.trustProxy, all.NODE_ENV) }),
  web: ({ enabled, distRoot }: Values<'web'>) => ({ enabled, distRoot: path.resolve(distRoot ?? REPO_ROOT) }),
  auth: (values: Values<'auth'>, all: Env) => ({
    session: {
      idleSeconds: values.sessionIdleMinutes * 60,
      maxSeconds: values.sessionMaxHours * 3600,
      cookieSecure: values.cookieSecure ?? all.NODE_ENV === 'production',
      cookieSameSite: values.cookieSameSite,
    },
    loginMaxFailures: values.loginMaxFailures,
    /** At most `checks` passwords are checked per username per `windowSeconds`, from all clients together. */
    loginUsernameRate: { checks: values.loginUsernameChecks, windowSeconds: values.loginUsernameWindowSeconds },
    /** The first admin, created at seed time when set. */
    initialAdmin: values.adminUsername && values.adminPassword ? { username: values.adminUsername, password: values.adminPassword } : undefined,
  }),
  sources: (values: Values<'sources'>, all: Env) => ({
    ...values,
    fetchPages: values.fetchPages === 'auto' ? all.TRENDING_FEEDS.length > 0 : values.fetchPages === 'on',
  }),
  mail: (values: Values<'mail'>, all: Env) => ({
    ...values,
    from: values.from ?? `The AI Mind <newsletter@${new URL(siteOrigin(all)).hostname}>`,
  }),
  follows: (values: Values<'follows'>, all: Env) => ({
    ...values,
    vapidKeysFile: path.resolve(values.vapidKeysFile ?? path.join(REPO_ROOT, '.data/vapid-keys.json')),
    vapidSubject: values.vapidSubject ?? vapidSubjectOf(all),
  }),
  backup: (values: Values<'backup'>) => ({ ...values, dir: path.resolve(values.dir ?? path.join(REPO_ROOT, '.data/backups')) }),
  /**
   * No provider: covers are rendered locally. With s3, images go to that bucket (path-style when an
   * endpoint is given) and are linked under publicUrl; without it, to mediaDir, served under /media/.
   */
  images: (values: Values<'images'>) => ({
    mediaDir: path.resolve(values.mediaDir ?? path.join(REPO_ROOT, '.data/media')),
    provider:
      values.provider && values.providerApiKey
        ? { name: values.provider, apiKey: values.providerApiKey, baseUrl: values.providerBaseUrl as string | undefined }
        : undefined,
    concurrency: values.concurrency,
    threads: values.threads,
    /** No credentials: the AWS SDK's default chain (environment, web identity, instance roles). */
    s3: values.s3Bucket
      ? {
          bucket: values.s3Bucket,
          region: values.s3Region,
          endpoint: values.s3Endpoint as string | undefined,
          credentials:
            values.s3AccessKeyId && values.s3SecretAccessKey
              ? ({ accessKeyId: values.s3AccessKeyId, secretAccessKey: values.s3SecretAccessKey, sessionToken: values.s3SessionToken } as S3Credentials)
              : undefined,
          publicUrl: values.s3PublicUrl!.replace(/\/+$/, ''),
        }
      : undefined,
  }),
} satisfies { [N in SliceName]?: (values: Values<N>, all: Env) => unknown };

type Derived = typeof DERIVED;

/** The validated, typed configuration: one slice per module, each derived from settings.ts. */
export type AppConfig = { [N in SliceName]: N extends keyof Derived ? ReturnType<Derived[N]> : Values<N> };

function deriveConfig(env: Env): AppConfig {
  const values = (name: SliceName) =>
    Object.fromEntries(Object.entries(SETTINGS[name].settings).map(([key, declaration]) => [key, env[declaration.env as keyof Env]]));
  const derive = DERIVED as Record<string, (values: unknown, all: Env) => unknown>;
  return Object.fromEntries(
    (Object.keys(SETTINGS) as SliceName[]).map((name) => [name, derive[name] ? derive[name](values(name), env) : values(name)]),
  ) as AppConfig;
}

/** The VAPID `sub` claim without configuration: the mail sender's address, else the site's https URL. */
function vapidSubjectOf(all: Env): string {
  const address = /<([^>]+)>/.exec(all.MAIL_FROM ?? '')?.[1] ?? (all.MAIL_FROM?.includes('@') ? all.MAIL_FROM : undefined);
  if (address) return `mailto:${address.trim()}`;
  const origin = siteOrigin(all);
  return origin.startsWith('https://') ? origin : `mailto:push@${new URL(origin).hostname}`;
}

export class ConfigError extends Error {}

/** No short admin passwords in production, however the admin is created. */
export const PRODUCTION_PASSWORD_MIN_LENGTH = 12;

/**
 * In production the API sits behind nginx on the same host or a private network, so by default only
 * peers at loopback and private addresses may name the client; a client reaching the API directly
 * from elsewhere cannot pick its own address (and dodge rate limits) with X-Forwarded-For.
 */
export const DEFAULT_PRODUCTION_TRUST_PROXY = 'loopback,linklocal,uniquelocal';

function trustProxy(value: string | undefined, env: string): boolean | string {
  if (value === undefined) return env === 'production' ? DEFAULT_PRODUCTION_TRUST_PROXY : false;
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** Validates the environment once; a bad value names the variable and what is wrong with it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = source[name];
      return `  ${name}: ${issue.message}${value === undefined ? ' (not set)' : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < PRODUCTION_PASSWORD_MIN_LENGTH) {
    throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: must be at least ${PRODUCTION_PASSWORD_MIN_LENGTH} characters in production`);
  }
  if (env.AUTOMATION_WEBHOOK_URL && !env.AUTOMATION_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTOMATION_WEBHOOK_SECRET: required when AUTOMATION_WEBHOOK_URL is set (it signs every webhook)');
  }
  if (env.MEDIA_S3_BUCKET && !env.MEDIA_PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  MEDIA_S3_BUCKET: needs MEDIA_PUBLIC_URL too (the address images are linked under)');
  }
  if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY) || (env.MEDIA_S3_SESSION_TOKEN && !env.MEDIA_S3_ACCESS_KEY_ID)) {
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_S3_ACCESS_KEY_ID: give it with MEDIA_S3_SECRET_ACCESS_KEY (and MEDIA_S3_SESSION_TOKEN for temporary credentials), or none of them to use the default AWS credential chain',
    );
  }
  if (env.NODE_ENV === 'production' && env.PUBLIC_URL === undefined) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production (the origin readers reach the site at, e.g. https://www.example.com)');
  }
  if (env.NEWSLETTER_SEND_LEASE_MS <= 3 * env.SMTP_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  NEWSLETTER_SEND_LEASE_MS: must be longer than three SMTP_TIMEOUT_MS (connect, greeting, reply), or a slow send would be sent twice',
    );
  }
  if (env.COOKIE_SAMESITE === 'none' && env.COOKIE_SECURE === false) {
    throw new ConfigError('Invalid configuration:\n  COOKIE_SAMESITE: none requires COOKIE_SECURE=true (browsers drop such cookies otherwise)');
  }
  return deriveConfig(env);
}

/** Loads the config or ends the process with the validation message (used by every entry point). */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
