import { PendingWorkSweeper } from './sweeper.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sweeper whose sweeps end when the test says so. */
class HeldSweeper extends PendingWorkSweeper {
  started = 0;
  private release: (() => void) | null = null;

  constructor() {
    super(10, 'test rows');
  }

  sweep(): Promise<number> {
    this.started += 1;
    return new Promise((resolve) => (this.release = () => resolve(0)));
  }

  finishSweep(): void {
    this.release?.();
  }
}

describe('a pending-work sweeper stopping', () => {
  it('starts no sweep while one runs, and the shutdown waits for the sweep in progress, then sweeps no more', async () => {
    const sweeper = new HeldSweeper();
    sweeper.onApplicationBootstrap();
    while (sweeper.started === 0) await sleep(5);
    await sleep(50);
    expect(sweeper.started).toBe(1);

    let stopped = false;
    const stopping = sweeper.beforeApplicationShutdown().then(() => (stopped = true));
    await sleep(50);
    // Still sweeping: the connections it uses must stay open.
    expect(stopped).toBe(false);
    sweeper.finishSweep();
    await stopping;
    await sleep(50);
    expect(sweeper.started).toBe(1);
  });

  it('stops at once when no sweep runs', async () => {
    const sweeper = new HeldSweeper();
    sweeper.onApplicationBootstrap();
    await sweeper.beforeApplicationShutdown();
    await sleep(50);
    expect(sweeper.started).toBe(0);
  });
});
