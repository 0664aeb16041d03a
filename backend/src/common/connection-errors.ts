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
