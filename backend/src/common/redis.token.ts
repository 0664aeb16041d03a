/** Injection token of the shared ioredis client (health, heartbeats, sessions, rate limits, caches). */
export const REDIS = Symbol('REDIS');
