import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';

/**
 * Worker side of "stored, but its job could not be queued": a request commits its rows first and
 * queues the job after, so Redis failing in between leaves work without a job. A sweeper finds such
 * rows now and then and queues their jobs; the job ids are per row, so work whose job exists
 * (waiting, running, finished or failed) is left alone, and every worker may sweep.
 */
export abstract class PendingWorkSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  /** The sweep in progress, if any. */
  private running: Promise<void> | null = null;

  /** `what` names the work in logs, e.g. 'AI replies of comments'. */
  constructor(
    private readonly intervalMs: number,
    private readonly what: string,
  ) {}

  /** Queues the jobs of the pending rows it finds; returns how many it asked for. */
  abstract sweep(): Promise<number>;

  /** Rows created within `maxAgeMs` but not in the last interval (those may still be in the request that queues their job). */
  protected createdWithin(maxAgeMs: number): { $gt: Date; $lt: Date } {
    const now = Date.now();
    return { $gt: new Date(now - maxAgeMs), $lt: new Date(now - this.intervalMs) };
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
  }

  /**
   * Before the connections close (they close in the shutdown hooks after this one): no new sweep, and the
   * one in progress finished. A sweep left ticking met a closed pool ("driver has already been destroyed").
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep at a time: a tick while one runs joins it. */
  private tick(): Promise<void> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<void> {
    try {
      const queued = await this.sweep();
      if (queued > 0) this.logger.log({ queued }, `Queued ${queued} ${this.what} whose job was never added`);
    } catch (error) {
      // PostgreSQL or Redis still down: the next tick tries again.
      this.logger.warn({ err: error }, `Could not sweep ${this.what}`);
    }
  }
}
