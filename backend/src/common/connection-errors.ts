import type { EventEmitter } from 'node:events';
import type { Logger } from '@nestjs/common';

/** During an outage a client fails again on every reconnect attempt: one warning per this period is enough. */
const REPORT_EVERY_MS = 30_000;

/**
 * Logs a client's errors through the app's logger, at most one warning per 30 s (with how many were
 * left out). Without an 'error' listener ioredis and BullMQ print every failed reconnect to stderr,
 * unstructured.
 */
export function logConnectionErrors(client: EventEmitter, logger: Logger, what: string): void {
  let lastReport = 0;
  let skipped = 0;
  client.on('error', (error: unknown) => {
    const now = Date.now();
    if (now - lastReport < REPORT_EVERY_MS) {
      skipped++;
      return;
    }
    logger.warn({ err: error, similarErrorsSinceLastReport: skipped }, `${what}: ${error instanceof Error ? error.message : String(error)}`);
    lastReport = now;
    skipped = 0;
  });
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs of a server going away: admin shutdown, crash shutdown, cannot connect now. */
const POSTGRES_DOWN_CODES = new Set(['57P01', '57P02', '57P03']);
const DATABASE_DOWN = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;
/** What ioredis (and BullMQ through it) throws while Redis is unreachable. */
const REDIS_DOWN = /max retries per request|Stream isn't writeable|Connection is closed|Command timed out/i;

/** HTTP calls to third parties (the LLM, feeds, the automation service) fail with the same network codes. */
const isOutboundHttpError = (error: Error) => error.message === 'fetch failed' || error.name.startsWith('AI_');

/**
 * Which datastore an error says is unreachable, looking through wrapped causes (MikroORM wraps the
 * driver's error): such failures are the site's temporary trouble, answered 503, not a bug.
 */
export function unavailableDatastore(error: unknown): 'database' | 'redis' | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (isOutboundHttpError(current)) return null;
    const code = String((current as { code?: unknown }).code ?? '');
    if (current.name === 'MaxRetriesPerRequestError' || REDIS_DOWN.test(current.message)) return 'redis';
    if (NETWORK_CODES.has(code) || POSTGRES_DOWN_CODES.has(code) || code.startsWith('08') || DATABASE_DOWN.test(current.message)) return 'database';
  }
  return null;
}
