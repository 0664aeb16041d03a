import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Public reads: any cache may keep them, but must revalidate each time. Revalidation is nearly free
 * (an ETag match answers 304 with no body), and readers see a like or a publish on their next fetch.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Feeds and the sitemap are polled by crawlers and readers; a few minutes of staleness is fine there. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

function etagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * Gives every successful GET whose Cache-Control is public an ETag of its body, and answers a
 * matching If-None-Match with 304. Routes opt in just by declaring a public Cache-Control.
 */
export function registerEtags(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const cacheControl = reply.getHeader('cache-control');
    // A route's public Cache-Control is declared before it runs; its errors must never be kept.
    if (reply.statusCode >= 400 && typeof cacheControl === 'string' && cacheControl.startsWith('public')) {
      void reply.header('cache-control', 'no-store');
      return payload;
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof cacheControl !== 'string' || !cacheControl.startsWith('public') || reply.hasHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    void reply.header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    void reply.code(304);
    void reply.removeHeader('content-length');
    return '';
  });
}
