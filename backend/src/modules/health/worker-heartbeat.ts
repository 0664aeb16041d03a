import type { Redis } from 'ioredis';

/** Each worker process refreshes its own key; a key that expires means that worker is gone. */
export const WORKER_HEARTBEAT_PREFIX = 'ai-mind:worker-heartbeat:';
export const WORKER_HEARTBEAT_INTERVAL_MS = 5_000;
export const WORKER_HEARTBEAT_TTL_SECONDS = 15;

/**
 * Worker processes that reported within the heartbeat TTL, counted in this Redis database (BullMQ's
 * getWorkersCount lists connections server-wide, whatever database they use).
 */
export async function countLiveWorkers(redis: Redis): Promise<number> {
  let cursor = '0';
  let count = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${WORKER_HEARTBEAT_PREFIX}*`, 'COUNT', 100);
    cursor = next;
    count += keys.length;
  } while (cursor !== '0');
  return count;
}
