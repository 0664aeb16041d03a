import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { REDIS } from '../../common/redis.module.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ROLES, type Role } from './permissions.js';
import { endSessionsOf, generationKey } from './session-generation.js';

export interface AdminSession {
  userId: number;
  username: string;
  displayName: string;
  /** The account's role when the session began; a change of role ends the session. */
  role: Role;
  csrfToken: string;
  createdAt: number;
  /** The account's session generation when the session began (see session-generation.ts). */
  generation: number;
}

/** The account a session is opened for, as read from the database after the generation was read. */
export interface SessionAccount {
  id: number;
  username: string;
  displayName: string;
  role: Role;
  generation: number;
}

const KEY_PREFIX = 'ai-mind:session:';

/** Redis keys hold a hash of the token, so a leaked Redis dump holds no usable session ids. */
const keyOf = (token: string) => `${KEY_PREFIX}${createHash('sha256').update(token).digest('hex')}`;

const READ_COMMAND = 'aiMindReadSession';
/**
 * Reads a session and renews its idle expiry in one step, unless its account's generation moved on
 * since it began (then it is deleted). The generation key is derived from the stored session, so this
 * assumes one Redis server, not a cluster.
 */
const READ_SESSION = `
local stored = redis.call('GET', KEYS[1])
if not stored then return nil end
local ok, session = pcall(cjson.decode, stored)
if not ok or type(session.username) ~= 'string' or type(session.generation) ~= 'number' then
  redis.call('DEL', KEYS[1])
  return nil
end
local current = tonumber(redis.call('GET', ARGV[1] .. session.username) or '0')
if current ~= session.generation then
  redis.call('DEL', KEYS[1])
  return nil
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return stored
`;

type SessionRedis = Redis & { [READ_COMMAND]: (key: string, generationPrefix: string, idleSeconds: number) => Promise<string | null> };

/**
 * Admin sessions in Redis, so every API instance accepts them: an idle expiry that each request
 * renews, an absolute lifetime after which the admin signs in again, and an end for all of an
 * account's sessions at once that every process sees (`endAll`).
 */
@Injectable()
export class SessionService {
  private readonly redis: SessionRedis;

  constructor(
    @Inject(REDIS) redis: Redis,
    @InjectConfig('auth') private readonly config: ConfigSlice<'auth'>,
  ) {
    if (!(READ_COMMAND in redis)) redis.defineCommand(READ_COMMAND, { numberOfKeys: 1, lua: READ_SESSION });
    this.redis = redis as SessionRedis;
  }

  /**
   * The account's current generation: read it BEFORE reading the account from the database, so a
   * change committed meanwhile (and the generation bumped after it) ends the session being opened.
   */
  async generationOf(username: string): Promise<number> {
    return Number((await this.redis.get(generationKey(username))) ?? 0);
  }

  async create(account: SessionAccount): Promise<{ token: string; session: AdminSession }> {
    const token = randomBytes(32).toString('base64url');
    const session: AdminSession = {
      userId: account.id,
      username: account.username,
      displayName: account.displayName,
      role: account.role,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: Date.now(),
      generation: account.generation,
    };
    await this.redis.set(keyOf(token), JSON.stringify(session), 'EX', this.config.session.idleSeconds);
    return { token, session };
  }

  /** The live session for this token (renewing its idle expiry), or null. */
  async read(token: string | undefined): Promise<AdminSession | null> {
    if (!token || token.length > 100) return null;
    const key = keyOf(token);
    const stored = await this.redis[READ_COMMAND](key, generationKey(''), this.config.session.idleSeconds);
    if (!stored) return null;
    const session = JSON.parse(stored) as AdminSession;
    // A session from before roles existed names none: it ends, and its admin signs in again.
    if (!ROLES.includes(session.role)) {
      await this.redis.del(key);
      return null;
    }
    if (Date.now() - session.createdAt > this.config.session.maxSeconds * 1000) {
      await this.redis.del(key);
      return null;
    }
    return session;
  }

  /**
   * Which of these sessions are still live, without renewing them: each is there (not signed out or
   * expired), within its lifetime, and its account's generation has not moved on. One round trip for
   * all of them; a session whose check failed counts as live until the next check.
   */
  async stillLive(sessions: { token: string; session: AdminSession }[]): Promise<boolean[]> {
    const pipeline = this.redis.pipeline();
    for (const { token, session } of sessions) pipeline.exists(keyOf(token)).get(generationKey(session.username));
    const results = (await pipeline.exec()) ?? [];
    return sessions.map(({ session }, i) => {
      const [existsError, exists] = results[2 * i] ?? [null, 1];
      const [generationError, generation] = results[2 * i + 1] ?? [null, null];
      if (existsError || generationError) return true;
      const current = Number(generation ?? 0);
      return exists === 1 && current === session.generation && Date.now() - session.createdAt <= this.config.session.maxSeconds * 1000;
    });
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.redis.del(keyOf(token));
  }

  /** Ends every session of the account at once, in every API process. */
  async endAll(username: string): Promise<void> {
    await endSessionsOf(this.redis, username);
  }
}
