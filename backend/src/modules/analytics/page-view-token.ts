import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens a page view proves its page with. The server signs one into every public page it
 * renders with status 200, over the page's path and the time it was issued; a view of that path sends
 * it back. Pages are cached (the render cache, prepared answers, Varnish or a CDN) and served to every
 * reader alike, so a token names no reader: its issue time is rounded down to the hour, so a page
 * rendered again within the hour is the same bytes (and keeps its ETag), and it holds for longer than
 * any cache may keep the page (pageViewTokenLifetime).
 */
export const PAGE_VIEW_TOKEN_STEP_SECONDS = 3600;

/** A token issued by a process whose clock is slightly ahead still counts. */
const CLOCK_SKEW_SECONDS = 60;

const TOKEN = /^(\d{1,12})\.([\w-]{43})$/;

function signature(key: Buffer, path: string, issued: number): string {
  return createHmac('sha256', key).update(`page-view|${issued}|${path}`).digest('base64url');
}

export function pageViewToken(key: Buffer, path: string, now = Date.now()): string {
  const issued = Math.floor(now / 1000 / PAGE_VIEW_TOKEN_STEP_SECONDS) * PAGE_VIEW_TOKEN_STEP_SECONDS;
  return `${issued}.${signature(key, path, issued)}`;
}

/** Whether `token` was signed for `path`, and issued no more than `lifetimeSeconds` before `now`. */
export function pageViewTokenValid(key: Buffer, token: string, path: string, lifetimeSeconds: number, now = Date.now()): boolean {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const issued = Number(match[1]);
  const age = now / 1000 - issued;
  if (age < -CLOCK_SKEW_SECONDS || age > lifetimeSeconds) return false;
  const expected = Buffer.from(signature(key, path, issued));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The hours a reader may keep a page open (or come back to its tab) and still be counted. */
const READING_SECONDS = 4 * 3600;

/**
 * How long a token is good for: the hour its issue time was rounded down by, the render cache's
 * lifetime, as long as a shared cache may serve the page (max-age and stale-while-revalidate), and the
 * reader's time on the page.
 */
export function pageViewTokenLifetime(renderCacheSeconds: number, sharedCache: { maxAgeSeconds: number; staleWhileRevalidateSeconds: number }): number {
  return PAGE_VIEW_TOKEN_STEP_SECONDS + renderCacheSeconds + sharedCache.maxAgeSeconds + sharedCache.staleWhileRevalidateSeconds + READING_SECONDS;
}
