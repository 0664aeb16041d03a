// Container health checks for the backend images: `node healthcheck.mjs api|worker [--ready]`.
// Exit 0 healthy, 1 not. No HTTP client or Redis CLI is needed in the image: Node and ioredis are there.
import os from 'node:os';
import { Redis } from 'ioredis';

const [kind, flag] = process.argv.slice(2);
const TIMEOUT_MS = 4_000;
/** Must equal WORKER_HEARTBEAT_PREFIX in backend/src/modules/health/worker-heartbeat.ts (checked by infra's tests). */
const WORKER_HEARTBEAT_PREFIX = 'ai-mind:worker-heartbeat:';

async function apiHealthy() {
  // 200 while the API reaches PostgreSQL and Redis; 503 otherwise (see GET /api/health).
  const response = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  return response.status === 200;
}

/**
 * A worker process writes `ai-mind:worker-heartbeat:<hostname>:<pid>` every 5 s with a 15 s expiry; the
 * key of this container's hostname is proof that its event loop runs and it reaches Redis. Liveness
 * (no flag) only fails when Redis answers and the heartbeat is missing, so a Redis outage does not
 * restart every worker; readiness (--ready) also fails while Redis is unreachable.
 */
async function workerHealthy(ready) {
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, connectTimeout: TIMEOUT_MS, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${WORKER_HEARTBEAT_PREFIX}${os.hostname()}:*`, 'COUNT', 1000);
      if (keys.length > 0) return true;
      cursor = next;
    } while (cursor !== '0');
    return false;
  } catch (error) {
    process.stderr.write(`Redis not reachable from the health check: ${error.message}\n`);
    return !ready;
  } finally {
    redis.disconnect();
  }
}

try {
  const healthy = kind === 'api' ? await apiHealthy() : kind === 'worker' ? await workerHealthy(flag === '--ready') : false;
  process.exit(healthy ? 0 : 1);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
