import { z } from 'zod';
import { booleanString, commaList, integer, port, setting, slice } from './setting.js';

/**
 * Every environment variable the backend reads, once: grouped by the module that reads it (each
 * group is the config slice that module is given), with its validation, default and description.
 * The typed config (app-config.ts), `.env.example`, `infra/backend.env.example`, the table in
 * `infra/README.md` and `docs/settings.md` all come from here: after a change, `npm run settings`
 * rewrites the files (a test fails while one is stale).
 */
export const SETTINGS = {
  site: slice('Site (every process)', {
    env: setting({
      env: 'NODE_ENV',
      schema: z.enum(['development', 'production', 'test']),
      default: 'development',
      description:
        '`development`, `production` or `test`; set `production` (the images do): secure cookies, proxy headers trusted from private addresses (`TRUST_PROXY`), HSTS, 12+ character admin passwords',
    }),
    publicUrl: setting({
      env: 'PUBLIC_URL',
      schema: z
        .url({ protocol: /^https?$/, message: 'must be the http(s) origin readers reach the site at, e.g. https://www.example.com' })
        .refine((value) => {
          const url = new URL(value);
          return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
        }, 'must be an origin only (scheme, host and port), without a path, query or credentials')
        .optional(),
      defaultText: 'required in production (elsewhere `http://localhost:PORT`)',
      example: 'https://www.example.com',
      description:
        "the site's origin as readers reach it, e.g. `https://www.example.com`: canonical links, social tags, JSON-LD, the sitemap, the RSS feed, robots.txt and the recovery snapshot name it, and only its pages are fetched by live-page recovery; a request's `Host` or `X-Forwarded-Host` never changes them (`npm start` sets it to the address it prints)",
    }),
    logLevel: setting({
      env: 'LOG_LEVEL',
      schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      default: 'info',
      description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent` (`npm start` uses `warn` unless set)',
    }),
  }),
  server: slice('HTTP server (API process)', {
    host: setting({ env: 'HOST', schema: z.string().min(1), default: '0.0.0.0', description: 'the interface the API listens on' }),
    port: setting({ env: 'PORT', schema: port, default: '3000', description: 'the port the API (and, in the embedded default, the whole site) listens on' }),
    requestTimeoutMs: setting({
      env: 'REQUEST_TIMEOUT_MS',
      schema: integer(100, 600_000),
      default: '30000',
      description: 'the longest a client may take to send a whole request (headers and body); then 408 and the connection is closed',
    }),
    corsOrigins: setting({
      env: 'CORS_ORIGINS',
      schema: commaList(z.url({ message: 'must be a comma-separated list of origins like https://admin.example.com' })).transform((origins) =>
        origins.map((origin) => new URL(origin).origin),
      ),
      default: '',
      example: 'https://admin.example.com',
      description: 'origins of an admin app deployed on its own origin, comma-separated; only these get credentialed CORS',
    }),
    trustProxy: setting({
      env: 'TRUST_PROXY',
      schema: z
        .string()
        .trim()
        .regex(
          /^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
          'must be true, false or a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal',
        )
        .optional(),
      defaultText: '`loopback,linklocal,uniquelocal` in production, none otherwise',
      description:
        'peers whose `X-Forwarded-For`/`-Proto`/`-Host` are believed (rate limits and lockouts key on the client address): `true`, `false`, or addresses, CIDRs and `loopback`/`linklocal`/`uniquelocal`; set it to the address of nginx or the ingress when they reach the API from a public address',
    }),
    trustedCountryHeader: setting({
      env: 'TRUSTED_COUNTRY_HEADER',
      schema: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9-]{1,64}$/, 'must be a header name such as cf-ipcountry')
        .optional(),
      defaultText: 'none: no country header is believed',
      example: 'cf-ipcountry',
      description:
        "the header the CDN in front sets to the visitor's country (e.g. `cf-ipcountry`), read by analytics and `/api/geo`; set it only behind a CDN that overwrites it, else anyone can send it",
    }),
    cspExtraOrigins: setting({
      env: 'CSP_EXTRA_ORIGINS',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of origins like https://cdn.example.com' })).transform(
        (origins) => origins.map((origin) => new URL(origin).origin),
      ),
      default: '',
      description:
        'origins the pages may also load scripts, styles, images and data from (Content-Security-Policy), e.g. a CDN serving the remotes or the `PUBLIC_GEO_LOOKUP_URL` origin, comma-separated',
    }),
  }),
  web: slice('Web assets (API process)', {
    enabled: setting({
      env: 'SERVE_WEB',
      schema: booleanString,
      default: 'true',
      description:
        'the API renders page HTML (for crawlers) and serves the built bundles; keep `true` behind the web image, `false` when a CDN or proxy serves everything',
    }),
    distRoot: setting({
      env: 'WEB_DIST_ROOT',
      schema: z.string().min(1).optional(),
      defaultText: 'the repository root',
      description: 'folder with `shell/dist`, `public-site/dist` and `admin-app/dist` (`/app` in the image)',
    }),
  }),
  database: slice('PostgreSQL', {
    url: setting({
      env: 'DATABASE_URL',
      schema: z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }),
      defaultText: 'required (`npm start` starts an embedded PostgreSQL when unset)',
      secret: true,
      example: 'postgresql://postgres:postgres@127.0.0.1:54329/ai_mind',
      description: '`postgresql://user:password@host:5432/db` (percent-encode special characters)',
    }),
    poolMax: setting({ env: 'DATABASE_POOL_MAX', schema: integer(1, 200), default: '10', description: 'PostgreSQL connections per process' }),
  }),
  redis: slice('Redis', {
    url: setting({
      env: 'REDIS_URL',
      schema: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// URL' }),
      defaultText: 'required (`npm start` starts redis-server when unset)',
      secret: true,
      example: 'redis://127.0.0.1:63790',
      description:
        'queues, sessions, rate limits and worker heartbeats: `redis://:password@host:6379` or `rediss://` for TLS; a path selects the database (`/2`)',
    }),
  }),
  queue: slice('Queues and workers', {
    jobWaitTimeoutMs: setting({
      env: 'JOB_WAIT_TIMEOUT_MS',
      schema: integer(100, 600_000),
      default: '30000',
      description:
        "how long an API call that waits for a job's result waits (recovery calls 4 times as long: keep proxy and ingress read timeouts above that, 150 s in the manifests)",
    }),
    workerConcurrency: setting({
      env: 'WORKER_CONCURRENCY',
      schema: integer(1, 64),
      default: '4',
      description: 'jobs a worker runs at once per queue (queues with stricter limits set their own)',
    }),
    lockDurationMs: setting({
      env: 'QUEUE_LOCK_DURATION_MS',
      schema: integer(1_000, 600_000),
      default: '30000',
      description: 'lock of a running job, on every queue; a job whose worker died is handed to another after about this plus `QUEUE_STALLED_INTERVAL_MS`',
    }),
    stalledIntervalMs: setting({
      env: 'QUEUE_STALLED_INTERVAL_MS',
      schema: integer(500, 600_000),
      default: '30000',
      description: 'how often workers look for such stalled jobs',
    }),
    sweepIntervalMs: setting({
      env: 'QUEUE_SWEEP_INTERVAL_MS',
      schema: integer(200, 3_600_000),
      default: '30000',
      description:
        'how often workers queue stored work whose job could not be added while Redis was down (AI replies to comments, approved topics); such work waits at least this long',
    }),
  }),
  auth: slice('Admin sign-in', {
    sessionIdleMinutes: setting({
      env: 'SESSION_IDLE_MINUTES',
      schema: integer(1, 24 * 60),
      default: '120',
      description: 'an admin session ends after this long without a request',
    }),
    sessionMaxHours: setting({ env: 'SESSION_MAX_HOURS', schema: integer(1, 24 * 30), default: '24', description: 'and after this long in any case' }),
    cookieSecure: setting({
      env: 'COOKIE_SECURE',
      schema: booleanString.optional(),
      defaultText: '`true` in production',
      description:
        "the session cookie's `Secure` flag; browsers keep Secure cookies on plain-HTTP localhost, but on any other plain-HTTP host set `false` (and use TLS in production)",
    }),
    cookieSameSite: setting({
      env: 'COOKIE_SAMESITE',
      schema: z.enum(['strict', 'lax', 'none']),
      default: 'lax',
      description: '`strict`, `lax` or `none` (an admin app on another site; needs `COOKIE_SECURE=true`)',
    }),
    loginMaxFailures: setting({
      env: 'LOGIN_MAX_FAILURES',
      schema: integer(1, 100),
      default: '5',
      description:
        'failed sign-ins of one client on one username before that client is locked out of it (each further failure doubles the lockout, up to 1 h; 4 times as many across usernames lock the client out); past it, the username is slowed for everyone (up to 2 s per attempt), never locked',
    }),
    loginUsernameChecks: setting({
      env: 'LOGIN_USERNAME_CHECKS',
      schema: integer(1, 1000),
      default: '10',
      description:
        'passwords checked per username per window from all clients together; beyond, 429 with `Retry-After` until the window passes (parallel guessing from many addresses is bounded as a rate)',
    }),
    loginUsernameWindowSeconds: setting({
      env: 'LOGIN_USERNAME_WINDOW_SECONDS',
      schema: integer(1, 3600),
      default: '60',
      description: 'the window of `LOGIN_USERNAME_CHECKS`',
    }),
    adminUsername: setting({
      env: 'ADMIN_USERNAME',
      schema: z.string().trim().min(1).max(100).optional(),
      description: '`seed` creates this admin (an owner) when both it and `ADMIN_PASSWORD` are set (`npm start` makes `admin` and prints its password)',
    }),
    adminPassword: setting({
      env: 'ADMIN_PASSWORD',
      schema: z.string().min(1).max(200).optional(),
      secret: true,
      description: "that admin's password, at least 12 characters in production; `create-admin` reads it too",
    }),
  }),
  admin: slice('Audit log', {
    auditRetentionDays: setting({
      env: 'AUDIT_RETENTION_DAYS',
      schema: integer(1, 36_500),
      default: '180',
      description: 'days the audit log and the counts of refused anonymous admin calls are kept; a worker deletes older rows once an hour, once per cluster',
    }),
  }),
  ai: slice('AI layer', {
    baseUrl: setting({
      env: 'AI_BASE_URL',
      schema: z.url({ message: 'must be the base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1' }).optional(),
      example: 'https://api.openai.com/v1',
      description:
        "any OpenAI-compatible API (OpenAI, Ollama `http://localhost:11434/v1`, llama.cpp, vLLM); unset: the offline persona engine answers from the site's own articles",
    }),
    apiKey: setting({ env: 'AI_API_KEY', schema: z.string().min(1).optional(), secret: true, example: 'sk-...', description: "the AI API's key" }),
    model: setting({ env: 'AI_MODEL', schema: z.string().min(1), default: 'gpt-4o-mini', description: 'the model the AI API is asked for' }),
    timeoutMs: setting({
      env: 'AI_TIMEOUT_MS',
      schema: integer(100, 120_000),
      default: '20000',
      description: 'upper bound of one AI call, its one retry included',
    }),
    maxOutputTokens: setting({ env: 'AI_MAX_TOKENS', schema: integer(16, 8_000), default: '400', description: 'output tokens per call' }),
  }),
  trending: slice('Trending topics', {
    feeds: setting({
      env: 'TRENDING_FEEDS',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) feed URLs' })),
      default: '',
      example: 'https://example.com/feed.xml,https://example.org/rss',
      description: 'RSS/Atom feed URLs, comma-separated; empty: topics come from a bundled snapshot of headlines',
    }),
    // Fractions are allowed (0.05 = every 3 s) for tests of the schedule.
    refreshMinutes: setting({
      env: 'TRENDING_REFRESH_MINUTES',
      schema: z.coerce
        .number()
        .min(0)
        .max(24 * 60),
      default: '30',
      description: 'minutes between scheduled refreshes, once per cluster (`0`: only on demand)',
    }),
    refreshWaitMs: setting({
      env: 'TRENDING_REFRESH_WAIT_MS',
      schema: integer(100, 300_000),
      default: '20000',
      description: "how long the admin's refresh (`GET /api/trending-topics?refresh=true`) waits for the worker before answering 504",
    }),
    fetchTimeoutMs: setting({ env: 'TRENDING_FETCH_TIMEOUT_MS', schema: integer(100, 120_000), default: '10000', description: 'per-feed fetch timeout' }),
    maxFeedBytes: setting({ env: 'TRENDING_MAX_FEED_BYTES', schema: integer(1_024, 50_000_000), default: '2000000', description: 'per-feed size limit' }),
    similarityThreshold: setting({
      env: 'TRENDING_SIMILARITY_THRESHOLD',
      schema: z.coerce.number().min(0.05).max(1),
      default: '0.3',
      description: 'cosine similarity from which two headlines are one story',
    }),
    highPriorityMentions: setting({
      env: 'TRENDING_HIGH_PRIORITY_MENTIONS',
      schema: integer(1, 1_000),
      default: '3',
      description: 'mentions (items telling a story) from which a topic is high priority',
    }),
    maxTopics: setting({ env: 'TRENDING_MAX_TOPICS', schema: integer(1, 500), default: '40', description: 'most new stories offered at once' }),
  }),
  sources: slice('Sources of approved topics', {
    fetchPages: setting({
      env: 'SOURCE_FETCH_PAGES',
      schema: z.enum(['auto', 'on', 'off']),
      default: 'auto',
      description:
        "fetch each source link's page and keep its main text when a topic is approved (`on`, `off`; `auto`: only with `TRENDING_FEEDS`, since the bundled snapshot's links are fictional)",
    }),
    timeoutMs: setting({
      env: 'SOURCE_FETCH_TIMEOUT_MS',
      schema: integer(100, 120_000),
      default: '10000',
      description: 'one deadline per source page, redirects included',
    }),
    maxPageBytes: setting({
      env: 'SOURCE_MAX_PAGE_BYTES',
      schema: integer(1_024, 50_000_000),
      default: '2000000',
      description: 'size limit of one source page',
    }),
    maxRedirects: setting({
      env: 'SOURCE_MAX_REDIRECTS',
      schema: integer(0, 20),
      default: '5',
      description: 'redirects followed per source page, each checked again',
    }),
    trustedOrigins: setting({
      env: 'SOURCE_TRUSTED_ORIGINS',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) origins whose host is an IP address' })).transform(
        (origins) => origins.map((origin) => new URL(origin).origin),
      ),
      default: '',
      description:
        'exact IP-literal origins exempt from the rule that sources are on public addresses (a source server of your own on a private network, tests); names are never exempt',
    }),
  }),
  sourceWatch: slice('Source watch (sources re-read after publication)', {
    days: setting({
      env: 'SOURCE_WATCH_DAYS',
      schema: integer(1, 365),
      default: '14',
      description: 'the sources of articles published within this many days are re-read on the schedule',
    }),
    // Fractions are allowed (0.05 = every 3 s) for tests of the schedule.
    intervalMinutes: setting({
      env: 'SOURCE_WATCH_INTERVAL_MINUTES',
      schema: z.coerce
        .number()
        .min(0)
        .max(7 * 24 * 60),
      default: '360',
      description: 'minutes between scheduled runs of the source watch, once per cluster (`0`: only when an editor asks)',
    }),
    maxPerRun: setting({
      env: 'SOURCE_WATCH_MAX_PER_RUN',
      schema: integer(1, 10_000),
      default: '200',
      description: 'most source pages one run requests; the ones checked longest ago go first, the rest wait for the next run',
    }),
    hostIntervalMs: setting({
      env: 'SOURCE_WATCH_HOST_INTERVAL_MS',
      schema: integer(0, 600_000),
      default: '5000',
      description: 'least time between two requests of one run to the same host (politeness to the outlets)',
    }),
    rewriteShare: setting({
      env: 'SOURCE_WATCH_REWRITE_SHARE',
      schema: z.coerce.number().min(0.01).max(1),
      default: '0.5',
      description: "share of a source's words changed (word-level diff against the text kept at approval) from which a change counts as a rewrite",
    }),
  }),
  automation: slice('Blog automation service', {
    webhookUrl: setting({
      env: 'AUTOMATION_WEBHOOK_URL',
      schema: z.url({ protocol: /^https?$/, message: 'must be the http(s) URL of the automation service webhook' }).optional(),
      example: 'https://automation.example.com/hooks/ai-mind',
      description: 'the blog automation service; unset: the built-in generator writes blogs',
    }),
    secret: setting({
      env: 'AUTOMATION_WEBHOOK_SECRET',
      schema: z.string().min(16, 'must be at least 16 characters').optional(),
      secret: true,
      example: 'at-least-16-characters',
      description: 'HMAC-SHA256 secret of the signatures in both directions (required with the URL; 16+ characters)',
    }),
    callbackUrl: setting({
      env: 'AUTOMATION_CALLBACK_URL',
      schema: z.url({ protocol: /^https?$/ }).optional(),
      example: 'https://www.example.com/api/automation/blog',
      description: 'the public URL of `POST /api/automation/blog`, sent to the service as `callbackUrl`',
    }),
    timeoutMs: setting({ env: 'AUTOMATION_TIMEOUT_MS', schema: integer(100, 120_000), default: '10000', description: 'webhook call timeout' }),
    maxAttempts: setting({ env: 'AUTOMATION_MAX_ATTEMPTS', schema: integer(1, 20), default: '5', description: 'delivery attempts' }),
    retryDelayMs: setting({
      env: 'AUTOMATION_RETRY_DELAY_MS',
      schema: integer(10, 600_000),
      default: '5000',
      description: 'first retry delay, doubling each time',
    }),
    toleranceSeconds: setting({
      env: 'AUTOMATION_SIGNATURE_TOLERANCE_SECONDS',
      schema: integer(10, 3_600),
      default: '300',
      description: 'accepted clock difference of signed messages; a signature is accepted once',
    }),
  }),
  mail: slice('Email', {
    smtpUrl: setting({
      env: 'SMTP_URL',
      schema: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465' }).optional(),
      secret: true,
      example: 'smtps://user:password@smtp.example.com:465',
      description:
        'the SMTP server of every email (`smtp://` or `smtps://`, credentials in the URL); unset: no email leaves (its jobs fail and say so; `npm start` runs a local mail catcher and prints its inbox)',
    }),
    from: setting({
      env: 'MAIL_FROM',
      schema: z.string().trim().min(3).max(320).optional(),
      defaultText: '`The AI Mind <newsletter@host of PUBLIC_URL>`',
      example: 'The AI Mind <newsletter@example.com>',
      description: 'the sender of every email',
    }),
    timeoutMs: setting({
      env: 'SMTP_TIMEOUT_MS',
      schema: integer(100, 300_000),
      default: '30000',
      description: 'how long one SMTP connection, greeting or reply may take before the attempt counts as timed out',
    }),
  }),
  newsletter: slice('Newsletter', {
    confirmTtlSeconds: setting({
      env: 'NEWSLETTER_CONFIRM_TTL_SECONDS',
      schema: integer(1, 30 * 24 * 3600),
      default: '172800',
      description: 'how long a confirmation link works (48 hours)',
    }),
    resendWindowSeconds: setting({
      env: 'NEWSLETTER_RESEND_WINDOW_SECONDS',
      schema: integer(0, 7 * 24 * 3600),
      default: '600',
      description: 'a second sign-up of a pending address within this window sends no second confirmation email',
    }),
    maxAttempts: setting({
      env: 'NEWSLETTER_MAX_ATTEMPTS',
      schema: integer(1, 20),
      default: '4',
      description: 'attempts per digest recipient before it is marked failed (a permanent refusal, 5xx, fails at once and marks the address bounced)',
    }),
    retryDelayMs: setting({
      env: 'NEWSLETTER_RETRY_DELAY_MS',
      schema: integer(10, 3_600_000),
      default: '60000',
      description: 'the wait after a failed attempt, doubling each time',
    }),
    sendLeaseMs: setting({
      env: 'NEWSLETTER_SEND_LEASE_MS',
      schema: integer(500, 3_600_000),
      default: '300000',
      description:
        'a recipient claimed this long ago by a sender that never finished (a killed worker) is sent again; must be longer than three `SMTP_TIMEOUT_MS`',
    }),
    senders: setting({
      env: 'NEWSLETTER_SENDERS',
      schema: integer(1, 64),
      default: '4',
      description:
        'sending jobs per digest across the workers, one SMTP connection each; each worker process runs one at a time, so as many run at once as there are workers, up to this',
    }),
  }),
  follows: slice('Follows (email and Web Push)', {
    maxPerAddress: setting({
      env: 'FOLLOWS_MAX_PER_ADDRESS',
      schema: integer(1, 1_000),
      default: '50',
      description: 'stories and categories one email address (or one device) may follow at once; a follow beyond it is not recorded',
    }),
    maxAttempts: setting({
      env: 'FOLLOWS_MAX_ATTEMPTS',
      schema: integer(1, 20),
      default: '5',
      description:
        'attempts per message before it is dropped with a record (a 5xx SMTP refusal drops at once; a push endpoint answering 404 or 410 ends its subscription)',
    }),
    retryDelayMs: setting({
      env: 'FOLLOWS_RETRY_DELAY_MS',
      schema: integer(10, 3_600_000),
      default: '30000',
      description: 'the wait after a failed attempt, doubling each time',
    }),
    sendLeaseMs: setting({
      env: 'FOLLOWS_SEND_LEASE_MS',
      schema: integer(500, 3_600_000),
      default: '120000',
      description:
        'a message claimed this long ago by a sender that never finished (a killed worker) is sent again; longer than `PUSH_TIMEOUT_MS` and three `SMTP_TIMEOUT_MS`',
    }),
    tickMs: setting({
      env: 'FOLLOWS_TICK_MS',
      schema: integer(100, 3_600_000),
      default: '2000',
      description: 'how often the worker looks for new publication events, daily bundles due and messages due (a repeatable job, once per cluster)',
    }),
    senders: setting({
      env: 'FOLLOWS_SENDERS',
      schema: integer(1, 64),
      default: '2',
      description: 'sending jobs started per tick across the workers; each worker process runs one at a time',
    }),
    batchSize: setting({
      env: 'FOLLOWS_BATCH_SIZE',
      schema: integer(1, 5_000),
      default: '200',
      description: 'messages a sender claims in one statement',
    }),
    concurrency: setting({
      env: 'FOLLOWS_SEND_CONCURRENCY',
      schema: integer(1, 500),
      default: '32',
      description: 'messages one sender has in flight at once',
    }),
    maxSendsPerRun: setting({
      env: 'FOLLOWS_MAX_SENDS_PER_RUN',
      schema: integer(1, 10_000_000),
      default: '50000',
      description: 'messages one sending job sends before it ends (the next tick starts another)',
    }),
    eventsPerRun: setting({
      env: 'FOLLOWS_EVENTS_PER_RUN',
      schema: integer(1, 1_000),
      default: '20',
      description: 'publication events fanned out per tick',
    }),
    bundlesPerRun: setting({
      env: 'FOLLOWS_BUNDLES_PER_RUN',
      schema: integer(1, 1_000_000),
      default: '10000',
      description: 'daily bundles made per tick',
    }),
    eventMaxAgeHours: setting({
      env: 'FOLLOWS_EVENT_MAX_AGE_HOURS',
      schema: integer(1, 24 * 30),
      default: '48',
      description: 'a publication event older than this when first seen (a worker down for days) is recorded without sending',
    }),
    vapidPublicKey: setting({
      env: 'VAPID_PUBLIC_KEY',
      schema: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url P-256 public key (87 characters), as web-push generate-vapid-keys prints it')
        .optional(),
      defaultText: 'made on first start and kept in `VAPID_KEYS_FILE`',
      description: 'the Web Push VAPID public key (with `VAPID_PRIVATE_KEY`); changing it ends every existing browser subscription',
    }),
    vapidPrivateKey: setting({
      env: 'VAPID_PRIVATE_KEY',
      schema: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url P-256 private key (43 characters)')
        .optional(),
      secret: true,
      description: 'the Web Push VAPID private key',
    }),
    vapidKeysFile: setting({
      env: 'VAPID_KEYS_FILE',
      schema: z.string().min(1).optional(),
      defaultText: '`.data/vapid-keys.json`',
      description:
        'where the VAPID keys made on first start are kept when none are configured; every API and worker process must read the same file (a shared volume), or configure the keys',
    }),
    vapidSubject: setting({
      env: 'VAPID_SUBJECT',
      schema: z
        .string()
        .trim()
        .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL')
        .optional(),
      defaultText: '`mailto:` the sender of `MAIL_FROM`, else PUBLIC_URL',
      description: 'how push services reach the operator (the VAPID `sub` claim)',
    }),
    pushTimeoutMs: setting({ env: 'PUSH_TIMEOUT_MS', schema: integer(100, 120_000), default: '10000', description: "one push request's deadline" }),
    pushTrustedOrigins: setting({
      env: 'PUSH_TRUSTED_ORIGINS',
      schema: commaList(z.url({ protocol: /^https$/, message: 'must be a comma-separated list of https origins whose host is an IP address' })).transform(
        (origins) => origins.map((origin) => new URL(origin).origin),
      ),
      default: '',
      description:
        'exact IP-literal origins exempt from the rule that push endpoints are on public addresses (a push service stand-in in tests and benchmarks); names are never exempt',
    }),
    pushCaFile: setting({
      env: 'PUSH_CA_FILE',
      schema: z.string().min(1).optional(),
      description:
        "a PEM file of the certificate authority of the `PUSH_TRUSTED_ORIGINS` (a stand-in's self-signed certificate); other endpoints are checked against the system's",
    }),
  }),
  images: slice('Article images and media', {
    mediaDir: setting({
      env: 'MEDIA_DIR',
      schema: z.string().min(1).optional(),
      defaultText: '`.data/media`',
      description: 'where images are stored and served from under `/media/`; a volume shared by every API and worker (`/data/media` in the images)',
    }),
    provider: setting({
      env: 'IMAGE_PROVIDER',
      schema: z.enum(['unsplash', 'pexels']).optional(),
      description: '`unsplash` or `pexels`, with `IMAGE_PROVIDER_API_KEY`; unset: cover art is rendered locally',
    }),
    providerApiKey: setting({ env: 'IMAGE_PROVIDER_API_KEY', schema: z.string().min(1).optional(), secret: true, description: "the photo provider's key" }),
    providerBaseUrl: setting({
      env: 'IMAGE_PROVIDER_BASE_URL',
      schema: z.url().optional(),
      defaultText: "the provider's own",
      description: "another base URL for the provider's API (a proxy)",
    }),
    concurrency: setting({ env: 'IMAGE_CONCURRENCY', schema: integer(1, 32), default: '1', description: 'image jobs a worker renders at once' }),
    threads: setting({
      env: 'IMAGE_THREADS',
      schema: integer(1, 32),
      default: '1',
      description:
        'libvips threads per image; a worker uses about `IMAGE_CONCURRENCY` × `IMAGE_THREADS` cores (one by default), so image throughput scales with the number of workers; raise both only for a worker with that many cores to itself',
    }),
    s3Bucket: setting({
      env: 'MEDIA_S3_BUCKET',
      schema: z.string().trim().min(1).optional(),
      example: 'ai-mind-media',
      description:
        'store article images in this S3 (or S3-compatible) bucket instead of `MEDIA_DIR`, through the AWS SDK (paged listing, retries with backoff on throttling and 5xx); needs `MEDIA_PUBLIC_URL`',
    }),
    s3Region: setting({ env: 'MEDIA_S3_REGION', schema: z.string().trim().min(1), default: 'us-east-1', description: "the bucket's region" }),
    s3Endpoint: setting({
      env: 'MEDIA_S3_ENDPOINT',
      schema: z.url({ message: 'must be the base URL of an S3-compatible API, e.g. https://minio.example.com' }).optional(),
      defaultText: "AWS's endpoint of the region",
      example: 'https://minio.example.com',
      description: 'base URL of an S3-compatible store (MinIO, R2, Spaces; path-style requests)',
    }),
    s3AccessKeyId: setting({
      env: 'MEDIA_S3_ACCESS_KEY_ID',
      schema: z.string().min(1).optional(),
      secret: true,
      description: "the bucket's access key; unset: the AWS default credential chain (IRSA web identity, ECS task or EC2 instance role, `AWS_*` variables)",
    }),
    s3SecretAccessKey: setting({
      env: 'MEDIA_S3_SECRET_ACCESS_KEY',
      schema: z.string().min(1).optional(),
      secret: true,
      description: 'its secret key, with the access key',
    }),
    s3SessionToken: setting({
      env: 'MEDIA_S3_SESSION_TOKEN',
      schema: z.string().min(1).optional(),
      secret: true,
      description: 'the session token of temporary (STS) keys',
    }),
    s3PublicUrl: setting({
      env: 'MEDIA_PUBLIC_URL',
      schema: z.url({ message: 'must be the public base URL of the media bucket, e.g. https://media.example.com' }).optional(),
      example: 'https://media.example.com',
      description: 'public or CDN base URL of the bucket; article `imageUrl`s start with it (`MEDIA_PUBLIC_URL/articles/<id>/<version>-1200x630.webp`)',
    }),
  }),
  backup: slice('Backups', {
    dir: setting({
      env: 'BACKUP_DIR',
      schema: z.string().min(1).optional(),
      defaultText: '`.data/backups`',
      description:
        'backup files (a copy of each backup row, kept if the database is lost); a volume shared by every worker (`/data/backups` in compose and Kubernetes); files copied in here are read by Deep Recovery',
    }),
    cron: setting({
      env: 'BACKUP_CRON',
      schema: z.string().trim(),
      default: '0 */6 * * *',
      description: 'schedule of the article backup (cron, UTC), once per cluster; empty: off',
    }),
    retention: setting({
      env: 'BACKUP_RETENTION_COUNT',
      schema: integer(1, 10_000),
      default: '60',
      description: 'newest backups kept (rows and files each)',
    }),
    dailyDays: setting({
      env: 'BACKUP_DAILY_DAYS',
      schema: integer(0, 3_650),
      default: '30',
      description: `also kept: the newest backup of each of the last this many days (UTC), so repeated backups cannot push out the days before; 0 keeps only the newest \`BACKUP_RETENTION_COUNT\``,
    }),
    batchSize: setting({
      env: 'BACKUP_BATCH_SIZE',
      schema: integer(1, 10_000),
      default: '500',
      description: 'articles a backup reads (and a recovery checks) at a time; a backup holds about this many in memory',
    }),
  }),
  recovery: slice('Recovery', {
    batchSize: setting({
      env: 'RECOVERY_BATCH_SIZE',
      schema: integer(1, 1_000),
      default: '50',
      description: 'articles a recovery run restores per transaction',
    }),
    fetchLivePages: setting({
      env: 'RECOVERY_FETCH_LIVE_PAGES',
      schema: booleanString,
      default: 'false',
      description:
        "let recreate-from-sitemap read an article's live page (e.g. still in a CDN cache) when no revision or backup has it, only URLs on `PUBLIC_URL`, no redirects; such articles come back as drafts",
    }),
  }),
  seo: slice('Sitemap', {
    sitemapUrlsPerFile: setting({
      env: 'SITEMAP_URLS_PER_FILE',
      schema: integer(10, 50_000),
      default: '50000',
      description:
        "URLs per sitemap file; `/sitemap.xml` is the index of `/sitemaps/<n>.xml.gz` (the protocol's limit is 50000; smaller in tests to see the split)",
    }),
  }),
  httpCache: slice('Shared HTTP cache (Varnish with xkey, or a CDN)', {
    purgeUrls: setting({
      env: 'HTTP_CACHE_PURGE_URLS',
      schema: commaList(z.url({ protocol: /^(https?|xkey)$/, message: 'must be a comma-separated list of http(s):// or xkey:// cache addresses' })),
      default: '',
      description:
        "shared HTTP caches purged by key on every committed change, comma-separated: `http://host:6091` (one Varnish), `xkey://host:6091` (every address the name resolves to: a headless Service's pods); empty: none. A cache that cannot be reached is retried (1 s, 2 s, 4 s... up to a minute apart, 20 times)",
    }),
    maxAgeSeconds: setting({
      env: 'HTTP_CACHE_MAX_AGE_SECONDS',
      schema: integer(1, 31_536_000),
      default: '3600',
      description:
        'how long a shared cache may keep a public page or read (`s-maxage`); purges make changes visible at once, this only bounds a purge that never arrived',
    }),
    staleWhileRevalidateSeconds: setting({
      env: 'HTTP_CACHE_STALE_WHILE_REVALIDATE_SECONDS',
      schema: integer(0, 86_400),
      default: '30',
      description: 'how long past that it may answer while refetching (the VCL uses 30 s)',
    }),
    staleIfErrorSeconds: setting({
      env: 'HTTP_CACHE_STALE_IF_ERROR_SECONDS',
      schema: integer(0, 31_536_000),
      default: '86400',
      description: 'how long past that it may answer while the API is failing or down',
    }),
  }),
  newsroom: slice('trust.txt (JournalList)', {
    trustMember: setting({
      env: 'TRUST_TXT_MEMBER',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) addresses' })),
      default: '',
      description:
        '`member=` lines of `/trust.txt`: the sites of associations the publication is a member of (a press council, JournalList), comma-separated; empty: none listed',
    }),
    trustBelongTo: setting({
      env: 'TRUST_TXT_BELONGTO',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) addresses' })),
      default: '',
      description: '`belongto=` lines: the sites of the companies or groups that own the publication, comma-separated; empty: none listed',
    }),
    trustControl: setting({
      env: 'TRUST_TXT_CONTROL',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) addresses' })),
      default: '',
      description: '`control=` lines: the sites of the publications this one controls, comma-separated; empty: none listed',
    }),
    trustSocial: setting({
      env: 'TRUST_TXT_SOCIAL',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) addresses' })),
      default: '',
      description: "`social=` lines: the publication's own social media accounts, comma-separated; empty: none listed",
    }),
    trustContact: setting({
      env: 'TRUST_TXT_CONTACT',
      schema: z.union([z.url({ protocol: /^(https?|mailto)$/ }), z.literal('')], 'must be an http(s) or mailto: address'),
      default: '',
      description: "`contact=` of `/trust.txt`: how to reach the publication (an http(s) page or a mailto: address); empty: the site's contact page",
    }),
    trustDataTrainingAllowed: setting({
      env: 'TRUST_TXT_DATATRAINING_ALLOWED',
      schema: z.enum(['yes', 'no']),
      default: 'no',
      description: '`datatrainingallowed=` of `/trust.txt`: whether the publication allows its content to be used to train AI models (`yes` or `no`)',
    }),
  }),
  fediverse: slice('The social web (ActivityPub)', {
    enabled: setting({
      env: 'FEDIVERSE_ENABLED',
      schema: booleanString,
      default: 'true',
      description: "the site's ActivityPub actor: WebFinger, NodeInfo, the inbox, and deliveries of published articles to its followers (docs/fediverse.md)",
    }),
    handle: setting({
      env: 'FEDIVERSE_HANDLE',
      schema: z.string().regex(/^[a-z0-9_]{1,30}$/, 'must be 1 to 30 lowercase letters, digits or underscores'),
      default: 'news',
      description: "the site's handle: readers follow `@<handle>@<host of PUBLIC_URL>`",
    }),
    summary: setting({
      env: 'FEDIVERSE_SUMMARY',
      schema: z.string().max(500, 'must be at most 500 characters').optional(),
      description: "the actor's profile text; unset: the site's description",
    }),
    fetchTimeoutMs: setting({
      env: 'FEDIVERSE_FETCH_TIMEOUT_MS',
      schema: integer(100, 60_000),
      default: '8000',
      description: 'one deadline per remote actor or object fetched, redirects included',
    }),
    maxObjectBytes: setting({
      env: 'FEDIVERSE_MAX_OBJECT_BYTES',
      schema: integer(1_024, 5_000_000),
      default: '262144',
      description: 'size limit of a remote actor or object fetched, and of an activity posted to the inbox',
    }),
    inboxPerActorPerMinute: setting({
      env: 'FEDIVERSE_INBOX_PER_ACTOR_PER_MINUTE',
      schema: integer(1, 100_000),
      default: '30',
      description: 'inbox posts taken from one remote actor per minute (the rest are refused with 429)',
    }),
    inboxPerDomainPerMinute: setting({
      env: 'FEDIVERSE_INBOX_PER_DOMAIN_PER_MINUTE',
      schema: integer(1, 1_000_000),
      default: '300',
      description: 'inbox posts taken from one remote server per minute',
    }),
    inboxPerClientPerMinute: setting({
      env: 'FEDIVERSE_INBOX_PER_CLIENT_PER_MINUTE',
      schema: integer(1, 1_000_000),
      default: '600',
      description:
        "inbox posts taken from one client address per minute before their signatures are checked (checking one fetches the signer's key); the per-actor and per-server limits count verified signers",
    }),
    deliveryAttempts: setting({
      env: 'FEDIVERSE_DELIVERY_ATTEMPTS',
      schema: integer(1, 30),
      default: '8',
      description: 'tries of one delivery to one inbox before it is marked failed',
    }),
    retryDelayMs: setting({
      env: 'FEDIVERSE_RETRY_DELAY_MS',
      schema: integer(10, 3_600_000),
      default: '30000',
      description: 'wait before the second try of a delivery; each later wait doubles',
    }),
    outboxIntervalMs: setting({
      env: 'FEDIVERSE_OUTBOX_INTERVAL_MS',
      schema: integer(100, 600_000),
      default: '2000',
      description: "how often the worker turns the articles' committed changes into deliveries",
    }),
    trustedOrigins: setting({
      env: 'FEDIVERSE_TRUSTED_ORIGINS',
      schema: commaList(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) origins whose host is an IP address' })).transform(
        (origins) => origins.map((origin) => new URL(origin).origin),
      ),
      default: '',
      description:
        'exact IP-literal origins exempt from the rule that remote servers are on public addresses (another instance on your private network, tests); names are never exempt',
    }),
  }),
};

/** Variables read by the tooling around the backend (npm start, the frontend builds, the tests): listed in .env.example, never validated by the backend. */
export const TOOLING_VARIABLES: { title: string; variables: { env: string; default: string; description: string }[] }[] = [
  {
    title: 'npm start only',
    variables: [
      {
        env: 'AI_MIND_DATA_DIR',
        default: '',
        description: 'folder for the embedded PostgreSQL data, the local Redis append-only file, media and backups (default: .data)',
      },
      { env: 'PG_PORT', default: '54329', description: 'preferred port of the embedded PostgreSQL (a free one is used when taken; 0 = any)' },
      { env: 'REDIS_PORT', default: '63790', description: 'preferred port of the local redis-server (a free one is used when taken; 0 = any)' },
      { env: 'SEED_DEMO', default: 'true', description: 'set false to skip the demo content on a fresh database' },
    ],
  },
  {
    title: 'Frontend builds (read at build time)',
    variables: [
      { env: 'PUBLIC_API_ORIGIN', default: '', description: 'the API origin the admin app deployed on its own origin calls (empty: same origin)' },
      { env: 'PUBLIC_SITE_URL', default: '', description: 'where the admin app opens published articles for preview (empty: same origin)' },
      {
        env: 'PUBLIC_PUBLIC_APP_URL',
        default: '',
        description: "where the shell finds the public site remote's manifest (default: /remotes/<app>/mf-manifest.json on its origin)",
      },
      { env: 'PUBLIC_ADMIN_APP_URL', default: '', description: "where the shell finds the admin app remote's manifest (same default)" },
      {
        env: 'PUBLIC_GA4_ID',
        default: '',
        description: 'GA4 measurement id (G-XXXXXXX); empty: page views go only to the first-party endpoint, no Google request',
      },
      {
        env: 'PUBLIC_ADSENSE_CLIENT',
        default: '',
        description: 'AdSense client id (ca-pub-...); empty: ad slots stay placeholder boxes and no ads script loads',
      },
      {
        env: 'PUBLIC_GEO_LOOKUP_URL',
        default: '',
        description:
          "third-party country lookup for the cookie banner, answering JSON with a country code (e.g. https://ipapi.co/json/); empty: the API's /api/geo (CDN country header, then Accept-Language)",
      },
    ],
  },
  {
    title: 'Frontend dev servers (npm run nx -- run <app>:dev)',
    variables: [{ env: 'API_PORT', default: '3000', description: 'port of the running API that the dev servers proxy /api and /media to' }],
  },
  {
    title: 'npm test only',
    variables: [
      { env: 'TEST_DATABASE_URL', default: '', description: 'use this PostgreSQL instead of starting an embedded one for the backend tests' },
      { env: 'TEST_REDIS_URL', default: '', description: 'use this Redis instead of starting a redis-server for the backend tests' },
      { env: 'CHROMIUM_PATH', default: '', description: 'Chromium for the end-to-end tests (default /usr/lib/chromium/chromium-headless-shell)' },
      { env: 'BENCH_CHROMIUM_PATH', default: '', description: 'Chromium for the benchmark’s page-load figures (default /usr/bin/chromium)' },
    ],
  },
];
