import { createHash } from 'node:crypto';

/** A pseudonymous client key for abuse checks: stable per address, not the address itself. */
export function clientHash(ip: string): string {
  return createHash('sha256').update(`ai-mind-client:${ip}`).digest('hex');
}
