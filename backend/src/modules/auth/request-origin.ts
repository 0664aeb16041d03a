import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser sent this request from the site itself or from an allowed admin-app origin. A
 * browser names a cross-site sender in Sec-Fetch-Site and Origin; a request without either comes from
 * no web page (a script, the CLI, a test) and cannot carry a victim's cookies unasked.
 */
export function fromAllowedOrigin(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && allowedOrigins.includes(origin)) return true;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  if (typeof origin !== 'string') return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
