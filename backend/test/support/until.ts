/**
 * Reads `probe` every `everyMs` until `done` holds and returns that value: for a state the product reaches in
 * the background (a worker's job, a delivery's answer, a heartbeat). Throws, naming `what` and the last value
 * read, when `timeoutMs` passes first.
 */
export async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
