import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTOMATION_SIGNATURE_HEADER, AUTOMATION_TIMESTAMP_HEADER } from '@ai-mind/contracts';

/**
 * The signature both directions use: HMAC-SHA256 over "<unix seconds>.<raw body>" with the shared
 * secret, sent as "sha256=<hex>" beside the timestamp. Binding the timestamp into the MAC lets the
 * receiver refuse old messages; remembering seen signatures refuses replays inside the window.
 */
export function sign(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function signedHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return { [AUTOMATION_TIMESTAMP_HEADER]: String(timestamp), [AUTOMATION_SIGNATURE_HEADER]: sign(secret, timestamp, body) };
}

export type SignatureCheck = { ok: true; signature: string } | { ok: false; reason: string };

export function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer | string,
  toleranceSeconds: number,
  now = Date.now(),
): SignatureCheck {
  const timestampHeader = headers[AUTOMATION_TIMESTAMP_HEADER];
  const signature = headers[AUTOMATION_SIGNATURE_HEADER];
  if (typeof timestampHeader !== 'string' || typeof signature !== 'string') {
    return { ok: false, reason: `Missing ${AUTOMATION_TIMESTAMP_HEADER} or ${AUTOMATION_SIGNATURE_HEADER} header` };
  }
  const timestamp = /^\d{1,12}$/.test(timestampHeader) ? Number(timestampHeader) : NaN;
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) {
    return { ok: false, reason: `Timestamp outside the ${toleranceSeconds}-second window` };
  }
  const expected = Buffer.from(sign(secret, timestamp, rawBody.toString()));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'Signature does not match' };
  return { ok: true, signature };
}
