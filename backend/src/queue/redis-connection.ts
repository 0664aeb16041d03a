import type { ConnectionOptions } from 'bullmq';

/** Try again soon after Redis comes back: BullMQ's own default waits up to 20 s between attempts. */
const reconnectSoon = (times: number) => Math.min(times * 200, 2_000);

/**
 * For adding jobs (mostly inside HTTP requests): while Redis is down a new command fails at once
 * instead of waiting in ioredis' offline queue, and one already sent when the connection dropped fails
 * too instead of being resent after the reconnect (it waited as long as the outage lasted), so the
 * request answers 503 or leaves the work to the sweepers, and never hangs.
 */
export function producerConnection(redisUrl: string): ConnectionOptions {
  return { url: redisUrl, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: reconnectSoon };
}

/** For workers and queue events: commands wait across a Redis restart, and processing resumes after it. */
export function consumerConnection(redisUrl: string): ConnectionOptions {
  return { url: redisUrl, retryStrategy: reconnectSoon };
}
