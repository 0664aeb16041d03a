import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { REDIS } from '../../common/redis.module.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';

export interface AdminSession {
  userId: number;
  username: string;
  csrfToken: string;
  createdAt: number;
}

const KEY_PREFIX = 'ai-mind:session:';

/** Redis keys hold a hash of the token, so a leaked Redis dump holds no usable session ids. */
const keyOf = (token: string) => `${KEY_PREFIX}${createHash('sha256').update(token).digest('hex')}`;

/**
 * Admin sessions in Redis, so every API instance accepts them: an idle expiry that each request
 * renews, and an absolute lifetime after which the admin signs in again.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(user: { id: number; username: string }): Promise<{ token: string; session: AdminSession }> {
    const token = randomBytes(32).toString('base64url');
    const session: AdminSession = { userId: user.id, username: user.username, csrfToken: randomBytes(32).toString('base64url'), createdAt: Date.now() };
    await this.redis.set(keyOf(token), JSON.stringify(session), 'EX', this.config.session.idleSeconds);
    return { token, session };
  }

  /** The live session for this token (renewing its idle expiry), or null. */
  async read(token: string | undefined): Promise<AdminSession | null> {
    if (!token || token.length > 100) return null;
    const key = keyOf(token);
    const stored = await this.redis.get(key);
    if (!stored) return null;
    const session = JSON.parse(stored) as AdminSession;
    if (Date.now() - session.createdAt > this.config.session.maxSeconds * 1000) {
      await this.redis.del(key);
      return null;
    }
    await this.redis.expire(key, this.config.session.idleSeconds);
    return session;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.redis.del(keyOf(token));
  }
}
