import type { INestApplicationContext } from '@nestjs/common';

/**
 * On SIGTERM or SIGINT: close the application (running every shutdown hook: queues drain their
 * current jobs, connections close) and exit 0, or exit 1 if closing fails or hangs.
 */
export function closeOnSignals(app: INestApplicationContext, timeoutMs = 25_000): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => {
      process.stderr.write(`Shutdown after ${signal} took longer than ${timeoutMs} ms; exiting.\n`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
