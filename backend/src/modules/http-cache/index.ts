// The http-cache module's public surface: other modules, the app and the tests import it from here, never a file inside.

export { HttpCachePurger } from './http-cache-purger.js';
export { queuePurge } from './queue-purge.js';
export { HttpCachePurge } from './http-cache-purge.entity.js';
// The outbox's queue function the purge triggers call (assembled in app/database-behaviour.ts).
export { purgeQueueSql } from './purge-queue.sql.js';
export { HTTP_CACHE_ENTITIES } from './tables.js';
