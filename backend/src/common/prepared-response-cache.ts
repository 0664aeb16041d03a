import { Global, Injectable, Module } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { strongestCompression, type CompressedForm } from './compression-pool.js';
import { isPrepared, matches, sharedCacheHeaders, varyOf } from './http-cache.js';
import { SURROGATE_CONTROL_HEADER, SURROGATE_KEY_HEADER } from './surrogate-keys.js';
import { wantsActivityJson } from './activity-json.js';

/**
 * Prepared responses: the bytes of a public GET answer, made once per change by the route that
 * computes them, and written on every later request by the HTTP server itself, before Fastify routes
 * the request or Nest does any per-request work (guards, interceptors, pipes, the handler).
 *
 * How a route uses it: it declares it, next to its access (cacheable.ts does the rest):
 *
 *   @Public()
 *   @Get()
 *   @Cacheable({ cacheControl: PUBLIC_CACHE_CONTROL, keys: (page) => page.keys, prepared: { currentness: ArticlesService } })
 *   list(...): Promise<RenderedAnswer & { keys: string[] }>   // computed the usual way (a miss costs what it did)
 *
 *   The caching interceptor asks the currentness BEFORE the handler computes the answer (e.g. "same
 *   cache generation"), so a change committed meanwhile is never kept as current, then puts the
 *   answer here through applyCacheable. A plugin route declares it in its Fastify route config: the
 *   server-rendered pages (web-assets.ts) say `cacheable: { prepared: 'answer' }`, and hand each page
 *   with its own currentness (its content's and the build's) to the same applyCacheable.
 * - Only an answer of a route whose matched route config says `public` and declares `cacheable` with
 *   `prepared` is kept (the access gate lets public routes through unconditionally), so the route
 *   Fastify matched decides, never the URL's text: a put for any other route keeps nothing. Nor is an
 *   answer whose own Cache-Control is not public (an admin page, a reader's own outcome).
 * - The key is the URL as sent (path and query), nothing else: the same bytes are routed to the same
 *   route (the route table is fixed once the server listens), and two spellings of one page are two
 *   entries, each computed by the route itself. No answer depends on the request's Host or forwarded
 *   headers (the site names its configured origin, PUBLIC_URL), so a request with another Host is
 *   answered from the same entry and can never make a new one.
 * - `isCurrent()` is asked on every hit (keep it to a few comparisons of numbers in memory); once it
 *   says false the entry is dropped and the request goes through Fastify and Nest, whose handler puts
 *   the new one.
 * - `prepare(..., { compress: 'best' })` makes cheap gzip and brotli forms at once and the strongest
 *   ones on the compression thread (compression-pool.ts), never on the event loop; once those are
 *   ready (`better`), every entry holding the answer sends them. A hit picks a form from
 *   Accept-Encoding and says `vary: accept-encoding`.
 * - A hit (`preparedAnswers()`, wrapped around Fastify's request handler by `serverFactory`) is the
 *   whole of its request's work: it writes the answer with the request id (`requestIdOf`, Fastify's
 *   genReqId too), the security headers of the matched route (securityHeaders(), the same function
 *   the headers hook uses), the ETag, Cache-Control and the answer's own headers, one header array
 *   made once per entry; a 304 for a matching If-None-Match. What it skips, and why that is safe: the
 *   access gate (only public routes' answers are kept), CORS (requests carrying an Origin header go
 *   the usual way), the request log line (hits are not logged; misses and every error are), the audit
 *   (public reads are never audited), Nest's guards, interceptors and pipes (the handler that
 *   prepared the answer ran them for this URL). Only GET; never while the server closes.
 *   test/prepared-responses.spec.ts shows each of these over a real socket.
 * - Its Cache-Control and surrogate keys are decided when it is put, by sharedCacheHeaders (as for
 *   every answer Fastify sends): the answer's keys (surrogateKeys) are collected before put.
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
  /** The same answer in its strongest compression, set once the compression thread has made it. */
  better?: PreparedResponse;
}

export interface PrepareOptions {
  contentType: string;
  cacheControl: string;
  etag: string;
  headers?: Record<string, string>;
  /**
   * Compress (HTML pages; not worth it for small bodies): `best` for an answer served many times
   * (cheap forms now, the strongest from the compression thread once ready), `quick` for one made
   * per request (a search's page, a 404), in the `forms` its reader takes (both by default).
   */
  compress?: 'best' | 'quick';
  forms?: readonly CompressedForm[];
}

/** Bodies below this are sent as they are even when compression is asked for. */
const COMPRESS_MIN_BYTES = 1024;
/**
 * Each API process keeps at most this many bytes of prepared answers: about 40 pages in their three
 * forms, or 400 list answers (part of the API's memory budget, docs/benchmark.md "Memory").
 */
export const PREPARED_MAX_BYTES = 8 * 1024 * 1024;
const BOTH_FORMS: readonly CompressedForm[] = ['gzip', 'br'];

/** A few milliseconds for a 250 KB page (gzip level 1, brotli quality 1), against half a second for the strongest. */
function compressCheaply(body: Buffer, forms: readonly CompressedForm[]): { gzip?: Buffer; br?: Buffer } {
  return {
    gzip: forms.includes('gzip') ? gzipSync(body, { level: 1 }) : undefined,
    br: forms.includes('br') ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) : undefined,
  };
}

export function prepare(body: Buffer, options: PrepareOptions): PreparedResponse {
  const prepared: PreparedResponse = {
    body,
    etag: options.etag,
    contentType: options.contentType,
    cacheControl: options.cacheControl,
    headers: options.headers,
  };
  if (!options.compress || body.length < COMPRESS_MIN_BYTES) return prepared;
  const forms = options.forms ?? BOTH_FORMS;
  Object.assign(prepared, compressCheaply(body, forms));
  if (options.compress === 'best') {
    strongestCompression.compress(body, forms).then(
      (strongest) => (prepared.better = { ...prepared, ...strongest }),
      // The cheap forms stay: slower to download, never wrong.
      () => undefined,
    );
  }
  return prepared;
}

type Variant = 'plain' | 'gzip' | 'br' | 'notModified';

interface Entry {
  key: string;
  response: PreparedResponse;
  isCurrent: () => boolean;
  bytes: number;
  /** The matched route's URL pattern (it picks the security headers). */
  route: string;
  /** The route's Vary (varyOf). */
  vary: string;
  /** As sent to everyone (sharedCacheHeaders), with the answer's surrogate keys. */
  cacheControl: string;
  surrogateKey: string | undefined;
  surrogateControl: string | undefined;
  /** Each form's headers as one [name, value, ...] array, its request id (index 1) filled per request. */
  headers: Partial<Record<Variant, string[]>>;
}

@Injectable()
export class PreparedResponseCache {
  /** Insertion-ordered, so the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;

  constructor(private readonly maxBytes = PREPARED_MAX_BYTES) {}

  /**
   * Keeps `response` for later requests to the same URL while `isCurrent()` holds, if the matched route
   * is public and declares prepared answers (isPrepared) and the answer's Cache-Control is public.
   */
  put(request: FastifyRequest, response: PreparedResponse, isCurrent: () => boolean): void {
    const route = request.routeOptions.url;
    if (request.method !== 'GET' || route === undefined || !isPrepared(request.routeOptions.config)) return;
    if (!response.cacheControl.startsWith('public') || !isCurrent()) return;
    const key = keyOf(request.raw);
    const bytes = bytesOf(response, key);
    if (bytes > this.maxBytes / 8) return;
    const shared = sharedCacheHeaders(request, { cacheControl: response.cacheControl, status: 200, setsCookie: false });
    this.drop(key);
    this.entries.set(key, {
      key,
      response,
      isCurrent,
      bytes,
      route,
      vary: varyOf(request.routeOptions.config),
      cacheControl: shared.cacheControl ?? response.cacheControl,
      surrogateKey: shared.surrogateKey,
      surrogateControl: shared.surrogateControl,
      headers: {},
    });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) this.drop(this.entries.keys().next().value!);
  }

  /** The current prepared answer to this request, if any. */
  find(request: IncomingMessage): Entry | undefined {
    const key = keyOf(request);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!entry.isCurrent()) {
      this.drop(key);
      return undefined;
    }
    if (entry.response.better) this.upgrade(entry);
    // Recency is refreshed one hit in 16: moving a key on every hit costs more than it saves.
    if ((++this.hits & 15) === 0) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Sends the strongest compression from now on: new forms, new header arrays (their lengths differ). */
  private upgrade(entry: Entry): void {
    const better = entry.response.better!;
    const bytes = bytesOf(better, entry.key);
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    entry.response = better;
    entry.headers = {};
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

function bytesOf(response: PreparedResponse, key: string): number {
  return response.body.length + (response.gzip?.length ?? 0) + (response.br?.length ?? 0) + key.length * 2 + 256;
}

/** The URL as sent: the whole of what a public answer depends on besides Accept-Encoding and If-None-Match. */
function keyOf(request: IncomingMessage): string {
  return request.url ?? '';
}

/** The encoding to send, from the client's Accept-Encoding (no q-value parsing beyond refusals). */
export function encodingFor(request: { headers: IncomingHttpHeaders }, prepared: Pick<PreparedResponse, 'gzip' | 'br'>): 'br' | 'gzip' | null {
  if (!prepared.gzip && !prepared.br) return null;
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return null;
  const offered = accepted.split(',').map((part) => part.trim().toLowerCase());
  const allows = (name: string) => offered.some((part) => part === name || (part.startsWith(`${name};`) && !/;\s*q=0(\.0*)?$/.test(part)));
  if (prepared.br && allows('br')) return 'br';
  if (prepared.gzip && allows('gzip')) return 'gzip';
  return null;
}

/** The one compressed form worth making for this request alone (none when its client takes neither). */
export function formsFor(request: { headers: IncomingHttpHeaders }): CompressedForm[] {
  const encoding = encodingFor(request, { gzip: Buffer.alloc(0), br: Buffer.alloc(0) });
  return encoding ? [encoding] : [];
}

function headersOf(entry: Entry, securityHeadersOf: (routeUrl: string | undefined) => Record<string, string>, variant: Variant): string[] {
  let headers = entry.headers[variant];
  if (!headers) {
    const prepared = entry.response;
    const all: Record<string, string> = { ...securityHeadersOf(entry.route), 'cache-control': entry.cacheControl, etag: prepared.etag, ...prepared.headers };
    if (entry.surrogateKey) all[SURROGATE_KEY_HEADER] = entry.surrogateKey;
    if (entry.surrogateControl) all[SURROGATE_CONTROL_HEADER] = entry.surrogateControl;
    if (prepared.gzip || prepared.br || entry.vary !== 'accept-encoding') all.vary = entry.vary;
    if (variant !== 'notModified') {
      const body = variant === 'br' ? prepared.br! : variant === 'gzip' ? prepared.gzip! : prepared.body;
      all['content-type'] = prepared.contentType;
      all['content-length'] = String(body.length);
      if (variant !== 'plain') all['content-encoding'] = variant;
    }
    headers = ['x-request-id', '', ...Object.entries(all).flat()];
    entry.headers[variant] = headers;
  }
  return headers;
}

/**
 * The request handler of the HTTP server: a request with a current prepared answer is answered here,
 * any other goes to `next` (Fastify's handler). `requestIdOf` is Fastify's genReqId; `isClosing` says
 * the server is shutting down (then Fastify answers 503).
 */
export function preparedAnswers(
  cache: () => PreparedResponseCache | undefined,
  securityHeadersOf: (routeUrl: string | undefined) => Record<string, string>,
  requestIdOf: (request: IncomingMessage) => string,
  isClosing: () => boolean,
  next: (request: IncomingMessage, response: ServerResponse) => void,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    // A fediverse server asking a page's address for its ActivityPub object is answered by the route, not with the page.
    const entry =
      request.method === 'GET' && request.headers.origin === undefined && !wantsActivityJson(request.headers.accept) && !isClosing()
        ? cache()?.find(request)
        : undefined;
    if (!entry) {
      next(request, response);
      return;
    }
    const prepared = entry.response;
    const notModified = matches(request.headers['if-none-match'], prepared.etag);
    const encoding = notModified ? null : encodingFor(request, prepared);
    const headers = headersOf(entry, securityHeadersOf, notModified ? 'notModified' : (encoding ?? 'plain'));
    // Used synchronously by writeHead, so one array per form serves every request.
    headers[1] = requestIdOf(request);
    response.writeHead(notModified ? 304 : 200, headers);
    response.end(notModified ? undefined : encoding === 'br' ? prepared.br : encoding === 'gzip' ? prepared.gzip : prepared.body);
  };
}

/** Makes the one PreparedResponseCache of the process available to every module. */
@Global()
@Module({ providers: [{ provide: PreparedResponseCache, useFactory: () => new PreparedResponseCache() }], exports: [PreparedResponseCache] })
export class PreparedResponsesModule {}
