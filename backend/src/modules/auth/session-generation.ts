import type { Redis } from 'ioredis';

/**
 * Each account's session generation, in Redis beside the sessions: a session carries the generation
 * its account had when it began, and is live only while the account still has it. Ending every session
 * of an account (role changed, disabled, password reset) is one INCR that every API process sees on
 * its next read. The key never expires: were it to vanish, sessions it ended would count as live again.
 */
export const generationKey = (username: string) => `ai-mind:session-generation:${username}`;

/** Ends every session of the account, in every process. */
export async function endSessionsOf(redis: Redis, username: string): Promise<void> {
  await redis.incr(generationKey(username));
}
