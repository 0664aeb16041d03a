import { Global, Injectable, Module } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { accessOf } from '../modules/auth/route-access.js';
import { matches } from './http-cache.js';

/**
 * Prepared responses: the bytes of a public GET answer, made once per change by the route that
 * computes them, and written by a Fastify hook on every later request before Nest does any
 * per-request work (guards, interceptors, pipes, the handler).
 *
 * How a route uses it (the API, for the JSON reads and, at merge, the server-rendered pages):
 *
 *   // in the handler, after computing the answer the usual way (so a miss costs what it did):
 *   const isCurrent = ...;                // a check made BEFORE computing, e.g. "same cache generation"
 *   prepared.put(request, prepare(body, { contentType, cacheControl, etag, headers, compress }), isCurrent);
 *
 * - The key is the route the router matched plus the host and the URL as sent (path and query), so
 *   two spellings of one page are two entries, each computed by the route itself, a route's key never
 *   collides with another route's, and a page that names its origin (canonical links) is never
 *   served to another host.
 * - `isCurrent()` is asked on every hit (keep it to a few comparisons of numbers in memory); once it
 *   says false the entry is dropped and the request goes through Nest, whose handler puts the new one.
 * - `prepare(..., { compress: 'best' })` makes the gzip and brotli forms once; the hook picks one from
 *   Accept-Encoding and says `vary: accept-encoding`.
 * - The hook is the first onRequest hook and a hit is the whole of the request's work: it writes the
 *   answer itself (reply.hijack) with the request id, the security headers (securityHeaders(), the
 *   same function the headers hook uses), the ETag and Cache-Control, and a 304 for a matching
 *   If-None-Match. What it skips, and why that is safe: the access gate (only routes whose matched
 *   route config says `public` are answered: the gate lets those through unconditionally), CORS
 *   (requests carrying an Origin header go the usual way), the request log line (hits are not
 *   logged; misses and every error are), the audit (public reads are never audited), Nest's guards,
 *   interceptors and pipes (the handler that prepared the answer ran them for this URL).
 *   test/prepared-responses.spec.ts shows each of these.
 * - Sized in bytes (MAX_BYTES, least recently used dropped first).
 */
export interface PreparedResponse {
  body: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
  /** Further headers of this answer (e.g. the next page's cursor). */
  headers?: Record<string, string>;
  gzip?: Buffer;
  br?: Buffer;
}

export interface PrepareOptions {
  contentType: string;
  cacheControl: string;
  etag: string;
  headers?: Record<string, string>;
  /**
   * Make the gzip and brotli forms now (HTML pages; not worth it for small bodies): `best` for an
   * answer served many times, `quick` for one made per request (a search's page, a 404).
   */
  compress?: 'best' | 'quick';
}

/** Bodies below this are sent as they are even when compression is asked for. */
const COMPRESS_MIN_BYTES = 1024;
/** Each API process keeps at most this many bytes of prepared answers. */
export const PREPARED_MAX_BYTES = 16 * 1024 * 1024;

export function prepare(body: Buffer, options: PrepareOptions): PreparedResponse {
  const prepared: PreparedResponse = { body, etag: options.etag, contentType: options.contentType, cacheControl: options.cacheControl, headers: options.headers };
  if (options.compress && body.length >= COMPRESS_MIN_BYTES) {
    const best = options.compress === 'best';
    prepared.gzip = gzipSync(body, { level: best ? 9 : 6 });
    prepared.br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: best ? zlib.BROTLI_MAX_QUALITY : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  }
  return prepared;
}

interface Entry {
  response: PreparedResponse;
  isCurrent: () => boolean;
  bytes: number;
}

@Injectable()
export class PreparedResponseCache {
  /** Insertion-ordered, so the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;

  constructor(private readonly maxBytes = PREPARED_MAX_BYTES) {}

  /** Keeps `response` for later requests to the same route and URL while `isCurrent()` holds. */
  put(request: FastifyRequest, response: PreparedResponse, isCurrent: () => boolean): void {
    if (request.method !== 'GET' || !isCurrent()) return;
    const key = keyOf(request);
    if (key === null) return;
    const bytes = response.body.length + (response.gzip?.length ?? 0) + (response.br?.length ?? 0) + key.length * 2 + 256;
    if (bytes > this.maxBytes / 8) return;
    this.drop(key);
    this.entries.set(key, { response, isCurrent, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) this.drop(this.entries.keys().next().value!);
  }

  /** The current prepared answer to this request, if any. */
  find(request: FastifyRequest): PreparedResponse | undefined {
    const key = keyOf(request);
    if (key === null) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!entry.isCurrent()) {
      this.drop(key);
      return undefined;
    }
    // Recency is refreshed one hit in 16: moving a key on every hit costs more than it saves.
    if ((++this.hits & 15) === 0) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.response;
  }

  heldBytes(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function keyOf(request: FastifyRequest): string | null {
  const route = request.routeOptions.url;
  if (route === undefined) return null;
  return `${route}\n${request.protocol}://${request.host}\n${request.url}`;
}

/** The encoding to send, from the client's Accept-Encoding (no q-value parsing beyond refusals). */
export function encodingFor(request: FastifyRequest, prepared: PreparedResponse): 'br' | 'gzip' | null {
  if (!prepared.gzip && !prepared.br) return null;
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return null;
  const offered = accepted.split(',').map((part) => part.trim().toLowerCase());
  const allows = (name: string) => offered.some((part) => part === name || (part.startsWith(`${name};`) && !/;\s*q=0(\.0*)?$/.test(part)));
  if (prepared.br && allows('br')) return 'br';
  if (prepared.gzip && allows('gzip')) return 'gzip';
  return null;
}

type Variant = 'plain' | 'gzip' | 'br' | 'notModified';

/** The headers of each form of an answer, but the request id, made once per answer and route. */
const headerCache = new WeakMap<PreparedResponse, { security: Record<string, string>; variants: Partial<Record<Variant, Record<string, string | number>>> }>();

function headersOf(prepared: PreparedResponse, security: Record<string, string>, variant: Variant): Record<string, string | number> {
  let cached = headerCache.get(prepared);
  if (!cached || cached.security !== security) {
    cached = { security, variants: {} };
    headerCache.set(prepared, cached);
  }
  let headers = cached.variants[variant];
  if (!headers) {
    headers = { ...security, 'cache-control': prepared.cacheControl, etag: prepared.etag, ...prepared.headers };
    if (prepared.gzip || prepared.br) headers.vary = 'accept-encoding';
    if (variant !== 'notModified') {
      const body = variant === 'br' ? prepared.br! : variant === 'gzip' ? prepared.gzip! : prepared.body;
      headers['content-type'] = prepared.contentType;
      headers['content-length'] = body.length;
      if (variant !== 'plain') headers['content-encoding'] = variant;
    }
    cached.variants[variant] = headers;
  }
  return headers;
}

/** Writes a prepared answer to the socket, a 304 when If-None-Match names its ETag. */
function writePrepared(request: FastifyRequest, raw: ServerResponse, prepared: PreparedResponse, security: Record<string, string>): void {
  raw.setHeader('x-request-id', request.id);
  if (matches(request.headers['if-none-match'], prepared.etag)) {
    raw.writeHead(304, headersOf(prepared, security, 'notModified'));
    raw.end();
    return;
  }
  const encoding = encodingFor(request, prepared);
  raw.writeHead(200, headersOf(prepared, security, encoding ?? 'plain'));
  raw.end(encoding === 'br' ? prepared.br : encoding === 'gzip' ? prepared.gzip : prepared.body);
}

/**
 * Answers GETs of public routes from `cache`: a hook for the HTTP adapter's setOnRequestHook, which
 * Nest's Fastify adapter runs as the very first onRequest hook (before its middleware: the ORM's
 * request context, the request logger). `isClosing` says the server is shutting down (then the
 * usual path answers 503).
 */
export function preparedResponsesHook(
  cache: PreparedResponseCache,
  securityHeadersOf: (routeUrl: string | undefined) => Record<string, string>,
  isClosing: () => boolean,
): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (request, reply, done) => {
    const route = request.routeOptions.url;
    if (request.method !== 'GET' || route === undefined || request.headers.origin !== undefined || accessOf(request.routeOptions.config) !== 'public' || isClosing()) {
      done();
      return;
    }
    const prepared = cache.find(request);
    if (!prepared) {
      done();
      return;
    }
    // The answer is complete here: Fastify runs nothing further for this request.
    reply.hijack();
    writePrepared(request, reply.raw, prepared, securityHeadersOf(route));
  };
}

/** Makes the one PreparedResponseCache of the process available to every module. */
@Global()
@Module({ providers: [{ provide: PreparedResponseCache, useFactory: () => new PreparedResponseCache() }], exports: [PreparedResponseCache] })
export class PreparedResponsesModule {}
