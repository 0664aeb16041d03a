import type { Logger } from '@nestjs/common';

/**
 * Runs `sweep` every `intervalMs`, one run at a time, until the returned stop function is called.
 * A failing run (PostgreSQL or Redis down) is logged and the next tick tries again.
 */
export function sweepEvery(intervalMs: number, sweep: () => Promise<number>, logger: Logger, what: string): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .then((queued) => {
        if (queued > 0) logger.log({ queued }, `Queued ${queued} ${what}`);
      })
      .catch((error: unknown) => logger.warn({ err: error }, `Could not sweep ${what}; trying again in ${intervalMs} ms`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  return () => clearInterval(timer);
}
