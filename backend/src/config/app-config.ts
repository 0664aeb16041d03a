import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { EnvSchema } from './env.schema.js';

/** The monorepo root, found from this file's place in backend/src or backend/dist. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The longest a client may take to send a whole request, headers and body (then 408 and the connection closed). */
  requestTimeoutMs: number;
  /** The site's origin (scheme, host, port; no trailing slash): every URL the site writes about itself starts with it. */
  publicUrl: string;
  logLevel: string;
  databaseUrl: string;
  databasePoolMax: number;
  redisUrl: string;
  web: { enabled: boolean; distRoot: string };
  mediaDir: string;
  jobWaitTimeoutMs: number;
  workerConcurrency: number;
  session: { idleSeconds: number; maxSeconds: number; cookieSecure: boolean; cookieSameSite: 'strict' | 'lax' | 'none' };
  corsOrigins: string[];
  /** Fastify's trustProxy: false, true, or the comma-separated addresses of trusted proxies. */
  trustProxy: boolean | string;
  /** The CDN header holding the visitor's country (TRUSTED_COUNTRY_HEADER); none when no CDN is in front. */
  trustedCountryHeader?: string;
  /** Extra origins for the Content-Security-Policy, beyond the site, its media and the built-in third parties. */
  cspExtraOrigins: string[];
  loginMaxFailures: number;
  /** At most `checks` passwords are checked per username per `windowSeconds`, from all clients together. */
  loginUsernameRate: { checks: number; windowSeconds: number };
  /** Audit rows and refusal counts older than this are deleted (once an hour, once per cluster). */
  auditRetentionDays: number;
  /** No baseUrl: the offline persona engine. */
  ai: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number; maxOutputTokens: number };
  /** The first admin, created at seed time when set. */
  initialAdmin?: { username: string; password: string };
  /** No feeds: the bundled snapshot. refreshMinutes 0 turns the schedule off (refresh on demand only). */
  trending: {
    feeds: string[];
    refreshMinutes: number;
    refreshWaitMs: number;
    fetchTimeoutMs: number;
    maxFeedBytes: number;
    similarityThreshold: number;
    highPriorityMentions: number;
    maxTopics: number;
  };
  /**
   * Source pages of approved topics. fetchPages off: each source is its feed item. trustedOrigins are
   * exact IP-literal origins exempt from the public-address rule (a source server of one's own).
   */
  sources: { fetchPages: boolean; timeoutMs: number; maxPageBytes: number; maxRedirects: number; trustedOrigins: string[] };
  /** No webhookUrl: the built-in generator writes the blogs. The secret signs both directions. */
  automation: {
    webhookUrl?: string;
    secret?: string;
    callbackUrl?: string;
    timeoutMs: number;
    maxAttempts: number;
    retryDelayMs: number;
    toleranceSeconds: number;
  };
  /**
   * Article backups: a copy of each snapshot goes to this folder; the cron runs once per cluster; the newest `retention` are kept, and the
   * newest of each of the last `dailyDays` days. Backups are written and scanned `batchSize` articles at a time, which bounds the memory they take.
   */
  backup: { dir: string; cron: string; retention: number; dailyDays: number; batchSize: number };
  /**
   * No provider: covers are rendered locally. baseUrl overrides the provider's API origin (a proxy, or
   * tests). With s3, images go to that bucket (path-style when an endpoint is given) and are linked
   * under publicUrl; without it, to mediaDir, served under /media/.
   */
  images: {
    provider?: { name: 'unsplash' | 'pexels'; apiKey: string; baseUrl?: string };
    concurrency: number;
    /** libvips threads per image: a worker's CPU use is about concurrency x threads cores, so workers scale out by count. */
    threads: number;
    /** No credentials: the AWS SDK's default chain (environment, web identity, instance roles). */
    s3?: {
      bucket: string;
      region: string;
      endpoint?: string;
      credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
      publicUrl: string;
    };
  };
  /**
   * A job whose worker stops renewing its lock (a killed process) is handed to another worker after about lockDuration + stalledInterval.
   * sweepIntervalMs: how often workers queue stored work whose job could not be added (Redis was down).
   */
  queue: { lockDurationMs: number; stalledIntervalMs: number; sweepIntervalMs: number };
  /** Articles restored per transaction; live pages are fetched for recreate-from-sitemap only when enabled. */
  recovery: { batchSize: number; fetchLivePages: boolean };
  /** URLs per file of the split sitemap (/sitemap.xml is their index). */
  sitemapUrlsPerFile: number;
  /** The shared HTTP caches to purge, and how long they may keep a public answer (http-cache.ts). */
  httpCache: { purgeUrls: string[]; maxAgeSeconds: number; staleWhileRevalidateSeconds: number; staleIfErrorSeconds: number };
  /** No smtpUrl: emails are not sent (their jobs fail and say why). */
  mail: { smtpUrl?: string; from: string; timeoutMs: number };
  newsletter: { confirmTtlSeconds: number; resendWindowSeconds: number; maxAttempts: number; retryDelayMs: number; sendLeaseMs: number; senders: number };
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
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    redisUrl: env.REDIS_URL,
    web: { enabled: env.SERVE_WEB, distRoot: path.resolve(env.WEB_DIST_ROOT ?? REPO_ROOT) },
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(REPO_ROOT, '.data/media')),
    jobWaitTimeoutMs: env.JOB_WAIT_TIMEOUT_MS,
    workerConcurrency: env.WORKER_CONCURRENCY,
    session: {
      idleSeconds: env.SESSION_IDLE_MINUTES * 60,
      maxSeconds: env.SESSION_MAX_HOURS * 3600,
      cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
      cookieSameSite: env.COOKIE_SAMESITE,
    },
    corsOrigins: env.CORS_ORIGINS.map((origin) => new URL(origin).origin),
    trustProxy: trustProxy(env.TRUST_PROXY, env.NODE_ENV),
    trustedCountryHeader: env.TRUSTED_COUNTRY_HEADER,
    cspExtraOrigins: env.CSP_EXTRA_ORIGINS.map((origin) => new URL(origin).origin),
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginUsernameRate: { checks: env.LOGIN_USERNAME_CHECKS, windowSeconds: env.LOGIN_USERNAME_WINDOW_SECONDS },
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    ai: { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS, maxOutputTokens: env.AI_MAX_TOKENS },
    initialAdmin: env.ADMIN_USERNAME && env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD } : undefined,
    trending: {
      feeds: env.TRENDING_FEEDS,
      refreshMinutes: env.TRENDING_REFRESH_MINUTES,
      refreshWaitMs: env.TRENDING_REFRESH_WAIT_MS,
      fetchTimeoutMs: env.TRENDING_FETCH_TIMEOUT_MS,
      maxFeedBytes: env.TRENDING_MAX_FEED_BYTES,
      similarityThreshold: env.TRENDING_SIMILARITY_THRESHOLD,
      highPriorityMentions: env.TRENDING_HIGH_PRIORITY_MENTIONS,
      maxTopics: env.TRENDING_MAX_TOPICS,
    },
    sources: {
      fetchPages: env.SOURCE_FETCH_PAGES === 'auto' ? env.TRENDING_FEEDS.length > 0 : env.SOURCE_FETCH_PAGES === 'on',
      timeoutMs: env.SOURCE_FETCH_TIMEOUT_MS,
      maxPageBytes: env.SOURCE_MAX_PAGE_BYTES,
      maxRedirects: env.SOURCE_MAX_REDIRECTS,
      trustedOrigins: env.SOURCE_TRUSTED_ORIGINS.map((origin) => new URL(origin).origin),
    },
    automation: {
      webhookUrl: env.AUTOMATION_WEBHOOK_URL,
      secret: env.AUTOMATION_WEBHOOK_SECRET,
      callbackUrl: env.AUTOMATION_CALLBACK_URL,
      timeoutMs: env.AUTOMATION_TIMEOUT_MS,
      maxAttempts: env.AUTOMATION_MAX_ATTEMPTS,
      retryDelayMs: env.AUTOMATION_RETRY_DELAY_MS,
      toleranceSeconds: env.AUTOMATION_SIGNATURE_TOLERANCE_SECONDS,
    },
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(REPO_ROOT, '.data/backups')),
      cron: env.BACKUP_CRON,
      retention: env.BACKUP_RETENTION_COUNT,
      dailyDays: env.BACKUP_DAILY_DAYS,
      batchSize: env.BACKUP_BATCH_SIZE,
    },
    images: {
      provider:
        env.IMAGE_PROVIDER && env.IMAGE_PROVIDER_API_KEY
          ? { name: env.IMAGE_PROVIDER, apiKey: env.IMAGE_PROVIDER_API_KEY, baseUrl: env.IMAGE_PROVIDER_BASE_URL }
          : undefined,
      concurrency: env.IMAGE_CONCURRENCY,
      threads: env.IMAGE_THREADS,
      s3: env.MEDIA_S3_BUCKET
        ? {
            bucket: env.MEDIA_S3_BUCKET,
            region: env.MEDIA_S3_REGION,
            endpoint: env.MEDIA_S3_ENDPOINT,
            credentials:
              env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY, sessionToken: env.MEDIA_S3_SESSION_TOKEN }
                : undefined,
            publicUrl: env.MEDIA_PUBLIC_URL!.replace(/\/+$/, ''),
          }
        : undefined,
    },
    queue: { lockDurationMs: env.QUEUE_LOCK_DURATION_MS, stalledIntervalMs: env.QUEUE_STALLED_INTERVAL_MS, sweepIntervalMs: env.QUEUE_SWEEP_INTERVAL_MS },
    recovery: { batchSize: env.RECOVERY_BATCH_SIZE, fetchLivePages: env.RECOVERY_FETCH_LIVE_PAGES },
    sitemapUrlsPerFile: env.SITEMAP_URLS_PER_FILE,
    httpCache: {
      purgeUrls: env.HTTP_CACHE_PURGE_URLS,
      maxAgeSeconds: env.HTTP_CACHE_MAX_AGE_SECONDS,
      staleWhileRevalidateSeconds: env.HTTP_CACHE_STALE_WHILE_REVALIDATE_SECONDS,
      staleIfErrorSeconds: env.HTTP_CACHE_STALE_IF_ERROR_SECONDS,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `The AI Mind <newsletter@${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      timeoutMs: env.SMTP_TIMEOUT_MS,
    },
    newsletter: {
      confirmTtlSeconds: env.NEWSLETTER_CONFIRM_TTL_SECONDS,
      resendWindowSeconds: env.NEWSLETTER_RESEND_WINDOW_SECONDS,
      maxAttempts: env.NEWSLETTER_MAX_ATTEMPTS,
      retryDelayMs: env.NEWSLETTER_RETRY_DELAY_MS,
      sendLeaseMs: env.NEWSLETTER_SEND_LEASE_MS,
      senders: env.NEWSLETTER_SENDERS,
    },
  };
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
