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
 * Failed sign-ins counted per IP and per username in Redis (shared by every API instance). From the
 * configured number of failures on, each further failure locks that IP or username out for twice as
 * long as the last lockout, up to an hour.
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

  /** Throws 429 with Retry-After while the IP or the username is locked out. */
  async assertAllowed(ip: string, username: string): Promise<void> {
    const ttls = await Promise.all(this.subjects(ip, username).map((subject) => this.redis.ttl(`${LOCK}${subject}`)));
    const wait = Math.max(...ttls);
    if (wait > 0) {
      throw new HttpException(
        { error: 'Too Many Requests', message: `Too many failed sign-in attempts. Try again in ${wait} seconds.`, retryAfter: wait },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    for (const subject of this.subjects(ip, username)) {
      const failures = await this.redis.incr(`${FAILURES}${subject}`);
      await this.redis.expire(`${FAILURES}${subject}`, FAILURE_WINDOW_SECONDS);
      const over = failures - this.config.loginMaxFailures;
      if (over >= 0) {
        const lockSeconds = Math.min(FIRST_LOCK_SECONDS * 2 ** over, MAX_LOCK_SECONDS);
        await this.redis.set(`${LOCK}${subject}`, '1', 'EX', lockSeconds);
      }
    }
  }

  async recordSuccess(ip: string, username: string): Promise<void> {
    await this.redis.del(...this.subjects(ip, username).flatMap((subject) => [`${FAILURES}${subject}`, `${LOCK}${subject}`]));
  }
}
