import type { INestApplicationContext } from '@nestjs/common';
import type { Server } from 'node:http';

/** How often a draining HTTP server closes the kept-alive connections that have become idle. */
const IDLE_SWEEP_MS = 100;

/**
 * On SIGTERM or SIGINT: close the application (running every shutdown hook: the HTTP server stops
 * accepting connections and answers the requests in flight, queues drain their current jobs,
 * connections close) and exit 0, or exit 1 if closing fails or hangs.
 *
 * With `httpServer`, each kept-alive connection is closed as soon as its last request is answered:
 * the server closes only the connections idle at the moment it starts closing, and a client (or a
 * proxy's upstream pool) holding one that became idle later would keep the process alive for its
 * whole keep-alive timeout.
 *
 * `app` may be the application still starting: a worker's queues take jobs before its start has
 * finished, and a SIGTERM then must drain them as any other, not end the process where it stands
 * (Node's default for a signal nobody listens to). Closing waits for the start to finish.
 */
export function closeOnSignals(
  app: INestApplicationContext | Promise<INestApplicationContext>,
  options: { httpServer?: Server; timeoutMs?: number } = {},
): void {
  const { httpServer, timeoutMs = 25_000 } = options;
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => {
      process.stderr.write(`Shutdown after ${signal} took longer than ${timeoutMs} ms; exiting. Still open: ${process.getActiveResourcesInfo().join(', ')}\n`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    if (httpServer) setInterval(() => httpServer.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    Promise.resolve(app)
      .then((started) => started.close())
      .then(
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
