import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser sent this request from the site itself or from an allowed admin-app origin: the
 * one origin check of every change that needs no session (a reader's write, sign-in) and of admin
 * changes. A browser names a cross-site sender in Sec-Fetch-Site (on secure origins and localhost)
 * and always in Origin on a POST (on plain HTTP too), so a page on another site can never pass. A
 * request with neither header comes from no web page (the site's own server-side and test clients,
 * the bench, a script, the CLI): it cannot carry a visitor's cookies or address unasked, and a script
 * could forge the headers anyway, so refusing it would protect nothing; the rate limits bound it.
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
