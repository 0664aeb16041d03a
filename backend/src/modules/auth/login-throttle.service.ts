import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.module.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';

const FAILURES = 'ai-mind:login-failures:';
const LOCK = 'ai-mind:login-lock:';
const FAILURE_WINDOW_SECONDS = 24 * 3600;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 3600;

/**
 * KEYS: failures and lock of the IP, then of the username. ARGV: max failures, failure window, first
 * and longest lock. Answers the seconds to wait while either is locked; otherwise counts this attempt
 * as a failure up front, and the attempt that reaches the limit locks its subject.
 */
const BEGIN_ATTEMPT = `
local wait = math.max(redis.call('TTL', KEYS[2]), redis.call('TTL', KEYS[4]))
if wait > 0 then return wait end
for i = 1, 3, 2 do
  local failures = redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[2])
  local over = failures - tonumber(ARGV[1])
  if over >= 0 then
    redis.call('SET', KEYS[i + 1], '1', 'EX', math.floor(math.min(tonumber(ARGV[3]) * 2 ^ over, tonumber(ARGV[4]))))
  end
end
return 0`;

/**
 * Failed sign-ins counted per IP and per username in Redis (shared by every API instance). From the
 * configured number of failures on, each further failure locks that IP or username out for twice as
 * long as the last lockout, up to an hour. Every attempt is counted before its password is checked,
 * in one atomic step, so a burst of parallel guesses gets no more tries than a sequence would.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private subjects(ip: string, username: string): string[] {
    return [`ip:${ip}`, `user:${username.toLowerCase()}`];
  }

  /** Counts the attempt as a failure until it succeeds; throws 429 with the wait while the IP or username is locked out. */
  async beginAttempt(ip: string, username: string): Promise<void> {
    const keys = this.subjects(ip, username).flatMap((subject) => [`${FAILURES}${subject}`, `${LOCK}${subject}`]);
    const wait = Number(await this.redis.eval(BEGIN_ATTEMPT, keys.length, ...keys, this.config.loginMaxFailures, FAILURE_WINDOW_SECONDS, FIRST_LOCK_SECONDS, MAX_LOCK_SECONDS));
    if (wait > 0) {
      throw new HttpException(
        { error: 'Too Many Requests', message: `Too many failed sign-in attempts. Try again in ${wait} seconds.`, retryAfter: wait },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  /** A right password clears the IP's and the username's failures and locks. */
  async recordSuccess(ip: string, username: string): Promise<void> {
    await this.redis.del(...this.subjects(ip, username).flatMap((subject) => [`${FAILURES}${subject}`, `${LOCK}${subject}`]));
  }
}
