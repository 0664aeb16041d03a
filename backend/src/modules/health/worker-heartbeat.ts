/** Each worker process refreshes its own key; a key that expires means that worker is gone. */
export const WORKER_HEARTBEAT_PREFIX = 'ai-mind:worker-heartbeat:';
export const WORKER_HEARTBEAT_INTERVAL_MS = 5_000;
export const WORKER_HEARTBEAT_TTL_SECONDS = 15;
