import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Every environment variable the backend reads; `.env.example` documents each one. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  /**
   * The site's own origin, as readers reach it (https://www.example.com): canonical links, structured
   * data, sitemaps, feeds and the recovery snapshot name it, never a request's Host. Required in
   * production; elsewhere http://localhost:PORT.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be the http(s) origin readers reach the site at, e.g. https://www.example.com' })
    .refine((value) => {
      const url = new URL(value);
      return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
    }, 'must be an origin only (scheme, host and port), without a path, query or credentials')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// URL' }),
  SERVE_WEB: booleanString.default(true),
  WEB_DIST_ROOT: z.string().min(1).optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  JOB_WAIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  COOKIE_SECURE: booleanString.optional(),
  COOKIE_SAMESITE: z.enum(['strict', 'lax', 'none']).default('lax'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins like https://admin.example.com' }))),
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host to believe: 'false', 'true' (anyone: only behind a
   * proxy that overwrites them) or addresses, CIDRs and proxy-addr names (loopback, linklocal, uniquelocal).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'must be true, false or a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal')
    .optional(),
  /**
   * The one request header that carries the visitor's country, set by the CDN in front (e.g.
   * cf-ipcountry): only a CDN that overwrites it makes it true. Unset: no header is believed.
   */
  TRUSTED_COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a header name such as cf-ipcountry')
    .optional(),
  /** Origins the pages may also load scripts, styles, images and data from (a CDN for the remotes, a geolocation service). */
  CSP_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of origins like https://cdn.example.com' }))),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_USERNAME_CHECKS: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_USERNAME_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(180),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).optional(),
  ADMIN_PASSWORD: z.string().min(1).max(200).optional(),
  AI_BASE_URL: z.url({ message: 'must be the base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  AI_MAX_TOKENS: z.coerce.number().int().min(16).max(8_000).default(400),
  TRENDING_FEEDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) feed URLs' }))),
  /** Fractions allowed (0.05 = every 3 s), for tests of the schedule; 0 turns it off. */
  TRENDING_REFRESH_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(30),
  TRENDING_REFRESH_WAIT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  TRENDING_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TRENDING_MAX_FEED_BYTES: z.coerce.number().int().min(1_024).max(50_000_000).default(2_000_000),
  TRENDING_SIMILARITY_THRESHOLD: z.coerce.number().min(0.05).max(1).default(0.3),
  TRENDING_HIGH_PRIORITY_MENTIONS: z.coerce.number().int().min(1).max(1_000).default(3),
  TRENDING_MAX_TOPICS: z.coerce.number().int().min(1).max(500).default(40),
  /** on: fetch each source's page; off: keep the feed summaries; auto: on when TRENDING_FEEDS names real feeds. */
  SOURCE_FETCH_PAGES: z.enum(['auto', 'on', 'off']).default('auto'),
  SOURCE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SOURCE_MAX_PAGE_BYTES: z.coerce.number().int().min(1_024).max(50_000_000).default(2_000_000),
  SOURCE_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  SOURCE_TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) origins whose host is an IP address' }))),
  AUTOMATION_WEBHOOK_URL: z.url({ protocol: /^https?$/, message: 'must be the http(s) URL of the automation service webhook' }).optional(),
  AUTOMATION_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  AUTOMATION_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTOMATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  AUTOMATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  AUTOMATION_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  AUTOMATION_SIGNATURE_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3_600).default(300),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_CRON: z.string().trim().default('0 */6 * * *'),
  BACKUP_RETENTION_COUNT: z.coerce.number().int().min(1).max(10_000).default(60),
  /** Besides the newest BACKUP_RETENTION_COUNT, the newest backup of each of the last this many days is kept. */
  BACKUP_DAILY_DAYS: z.coerce.number().int().min(0).max(3_650).default(30),
  /** Articles a backup reads (and a recovery checks) at a time: the memory a backup takes is about this many articles. */
  BACKUP_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  IMAGE_PROVIDER: z.enum(['unsplash', 'pexels']).optional(),
  IMAGE_PROVIDER_API_KEY: z.string().min(1).optional(),
  IMAGE_PROVIDER_BASE_URL: z.url().optional(),
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  IMAGE_THREADS: z.coerce.number().int().min(1).max(32).default(1),
  MEDIA_S3_BUCKET: z.string().trim().min(1).optional(),
  MEDIA_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  MEDIA_S3_ENDPOINT: z.url({ message: 'must be the base URL of an S3-compatible API, e.g. https://minio.example.com' }).optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_S3_SESSION_TOKEN: z.string().min(1).optional(),
  MEDIA_PUBLIC_URL: z.url({ message: 'must be the public base URL of the media bucket, e.g. https://media.example.com' }).optional(),
  QUEUE_LOCK_DURATION_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  QUEUE_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  QUEUE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  RECOVERY_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(50),
  RECOVERY_FETCH_LIVE_PAGES: booleanString.default(false),
  /** URLs per sitemap file (the protocol allows 50,000); smaller in tests to see the split. */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(10).max(50_000).default(50_000),
  /**
   * The shared HTTP caches purged on every committed change (comma-separated): http(s)://host:port of
   * one Varnish with xkey, or xkey://host:port for every address the name resolves to (a headless
   * Service's endpoints). None: nothing is purged.
   */
  HTTP_CACHE_PURGE_URLS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^(https?|xkey)$/, message: 'must be a comma-separated list of http(s):// or xkey:// cache addresses' }))),
  /** How long a shared cache may keep a public answer (purges make changes visible at once). */
  HTTP_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(3600),
  HTTP_CACHE_STALE_WHILE_REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  HTTP_CACHE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
  /** The SMTP server every email goes through (smtp:// or smtps://, credentials in the URL); without it no email leaves. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465' }).optional(),
  /** The sender of every email; newsletter@ the site's host when not set. */
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  /** How long one SMTP connection, greeting or reply may take before the attempt counts as timed out. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** How long a confirmation link works. */
  NEWSLETTER_CONFIRM_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .default(48 * 3600),
  /** A second sign-up of a pending address within this window sends no second confirmation email. */
  NEWSLETTER_RESEND_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(600),
  /** Attempts per recipient of a digest before it is marked failed (a permanent refusal fails at once). */
  NEWSLETTER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  /** The wait after a failed attempt, doubled after each one. */
  NEWSLETTER_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** A recipient claimed this long ago by a sender that never finished (a killed worker) is sent again; longer than one SMTP attempt can take. */
  NEWSLETTER_SEND_LEASE_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(3_600_000)
    .default(5 * 60_000),
  /** Sending jobs per digest, spread over the workers; each keeps one SMTP connection. */
  NEWSLETTER_SENDERS: z.coerce.number().int().min(1).max(64).default(4),
});

export type Env = z.infer<typeof EnvSchema>;
