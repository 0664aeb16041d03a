import { recordSecurity } from '../../../scripts/lib/security-ledger.mjs';

/**
 * Counts one file's attacks for the `npm test` summary line: each payload at each entry point is one
 * attack. `attempt` records whether it succeeded; the test's own assertions then fail on a success.
 */
export function attackTally(suite: string) {
  let tried = 0;
  let succeeded = 0;
  afterAll(() => recordSecurity(suite, { attacksTried: tried, attacksSucceeded: succeeded }));
  return {
    /** Records one attack; `held` is true when the defence held. Returns `held` for use in an expectation. */
    attempt(held: boolean): boolean {
      tried += 1;
      if (!held) succeeded += 1;
      return held;
    },
  };
}

/** A client address of its own, so one test's rate limits and lockouts never touch another's. */
export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${byte()}.${byte()}`;
}

/** An error body as every 4xx must send it: `{ error, message, details? }` with readable text. */
export function isClearError(body: unknown): boolean {
  const b = body as { error?: unknown; message?: unknown; details?: unknown } | null;
  return (
    typeof b?.error === 'string' &&
    b.error.length > 0 &&
    typeof b.message === 'string' &&
    b.message.length > 0 &&
    (b.details === undefined || Array.isArray(b.details))
  );
}
