import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CHAT_SESSION_MESSAGE_LIMIT } from '@ai-mind/contracts';
import { REDIS } from '../../common/redis.module.js';
import type { ChatTurn } from '../ai/index.js';

const TURNS = 'ai-mind:chat:turns:';
const COUNT = 'ai-mind:chat:count:';
/** A conversation is forgotten two hours after its last message. */
export const CHAT_MEMORY_TTL_SECONDS = 2 * 3600;
/** Turns given to the AI as context; older ones still count toward the session limit. */
export const CHAT_CONTEXT_TURNS = 20;

/** Conversation memory per chat session, in Redis so any API instance can answer the next message. */
@Injectable()
export class ChatMemoryService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async history(sessionId: string): Promise<ChatTurn[]> {
    const stored = await this.redis.lrange(`${TURNS}${sessionId}`, -CHAT_CONTEXT_TURNS, -1);
    return stored.map((turn) => JSON.parse(turn) as ChatTurn);
  }

  /** Counts a reader message and says which one it is (1: the conversation's first); throws 429 once the session has used its allowance. */
  async countMessage(sessionId: string): Promise<number> {
    const key = `${COUNT}${sessionId}`;
    const count = await this.redis.incr(key);
    await this.redis.expire(key, CHAT_MEMORY_TTL_SECONDS);
    if (count > CHAT_SESSION_MESSAGE_LIMIT) {
      throw new HttpException(
        {
          error: 'Too Many Requests',
          message: `This conversation has reached its limit of ${CHAT_SESSION_MESSAGE_LIMIT} messages. Start a new chat to keep talking.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    return count;
  }

  async append(sessionId: string, ...turns: ChatTurn[]): Promise<void> {
    const key = `${TURNS}${sessionId}`;
    await this.redis
      .multi()
      .rpush(key, ...turns.map((turn) => JSON.stringify(turn)))
      .ltrim(key, -CHAT_CONTEXT_TURNS * 2, -1)
      .expire(key, CHAT_MEMORY_TTL_SECONDS)
      .exec();
  }
}
