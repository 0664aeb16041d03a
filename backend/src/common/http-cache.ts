import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Public reads: any cache may keep them, but must revalidate each time. Revalidation is nearly free
 * (an ETag match answers 304 with no body), and readers see a like or a publish on their next fetch.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Feeds and the sitemap are polled by crawlers and readers; a few minutes of staleness is fine there. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

/** A JSON body serialised once, with its ETag, for every reader of the same content. */
export interface RenderedJson {
  body: Buffer;
  etag: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Serialises each distinct state of a cached value once: `source` is the cached object (the same
 * instance while its cache entry lives) and `fingerprint` what changes without a new entry (such as
 * counters). Readers of an unchanged state get the same bytes and ETag, with no JSON or hashing work.
 */
export class RenderedJsonMemo {
  private readonly rendered = new WeakMap<object, { fingerprint: string; json: RenderedJson }>();

  render(source: object, fingerprint: string, value: () => unknown): RenderedJson {
    const known = this.rendered.get(source);
    if (known?.fingerprint === fingerprint) return known.json;
    const body = Buffer.from(JSON.stringify(value()));
    const json = { body, etag: etagOf(body) };
    this.rendered.set(source, { fingerprint, json });
    return json;
  }
}

/** Sends rendered JSON as is; the ETag hook below still answers a matching If-None-Match with 304. */
export function sendRendered(reply: FastifyReply, json: RenderedJson): Buffer {
  void reply.header('content-type', JSON_CONTENT_TYPE).header('etag', json.etag);
  return json.body;
}

function etagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, as for GET). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * Gives every successful GET whose Cache-Control is public an ETag of its body (unless the route
 * rendered one with its body), and answers a matching If-None-Match with 304. Routes opt in just by
 * declaring a public Cache-Control.
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
    if (typeof cacheControl !== 'string' || !cacheControl.startsWith('public')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const given = reply.getHeader('etag');
    const etag = typeof given === 'string' ? given : etagOf(payload);
    void reply.header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    void reply.code(304);
    void reply.removeHeader('content-length');
    return '';
  });
}
