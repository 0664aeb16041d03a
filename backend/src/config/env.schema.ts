import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Every environment variable the backend reads; `.env.example` documents each one. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// URL' }),
  SERVE_WEB: booleanString.default(true),
  WEB_DIST_ROOT: z.string().min(1).optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  JOB_WAIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  COOKIE_SECURE: booleanString.optional(),
  COOKIE_SAMESITE: z.enum(['strict', 'lax', 'none']).default('lax'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins like https://admin.example.com' }))),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).optional(),
  ADMIN_PASSWORD: z.string().min(1).max(200).optional(),
  AI_BASE_URL: z.url({ message: 'must be the base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  AI_MAX_TOKENS: z.coerce.number().int().min(16).max(8_000).default(400),
});

export type Env = z.infer<typeof EnvSchema>;
