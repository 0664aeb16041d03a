import { createHash } from 'node:crypto';
import type { Type } from '@nestjs/common';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessOf } from './route-access.js';
import { cacheKeys, SURROGATE_CONTROL_HEADER, SURROGATE_KEY_HEADER, surrogateKeys } from './surrogate-keys.js';

/**
 * Public reads and pages, as a route declares them (@Cacheable): browsers revalidate each time (an
 * ETag match answers 304 with no body, and readers see a like or a publish on their next fetch);
 * shared caches get their own lifetime on top (sharedCacheHeaders).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Feeds and the sitemap are polled by crawlers and readers; a few minutes of staleness is fine there. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

/**
 * How long a shared cache (Varnish, a CDN) may keep a public answer: it is purged by key the moment
 * what it shows changes (modules/http-cache/http-cache-purger.ts), so the lifetime only bounds a purge
 * that never arrived. Stale-while-revalidate hides the refetch after expiry; stale-if-error keeps the
 * site up while the API is down. Browsers still revalidate every time (max-age=0; infra/varnish sends
 * them the header without the shared cache's directives).
 */
export interface SharedCachePolicy {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
}

let sharedPolicy: SharedCachePolicy = { maxAgeSeconds: 3600, staleWhileRevalidateSeconds: 30, staleIfErrorSeconds: 86_400 };

/**
 * The shared lifetime of an answer naming cacheKeys.listedCounts (at most; a shorter configured one
 * stands): how long a like or share may take to show on the home page and the lists, which no reader's
 * count purges, so that anonymous likes cannot empty the shared cache of the most read pages.
 */
export const LISTED_COUNTS_MAX_AGE_SECONDS = 60;

/** Set once at start from the config (HTTP_CACHE_MAX_AGE_SECONDS...). */
export function configureSharedCache(policy: SharedCachePolicy): void {
  sharedPolicy = policy;
}

/** Who may keep an answer that is personal, admin or sets a cookie: nobody. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** What can say, in a few comparisons of numbers in memory, whether an answer computed after it was asked still holds. */
export interface Currentness {
  /** Asked before the answer is computed, so that a change committed meanwhile ends the answer at once. */
  currentness(): () => boolean;
}

/**
 * How a route's answers may be cached, declared on the route (@Cacheable for Nest handlers,
 * registerWithRouteConfig for plugin routes) and carried in its Fastify route config, so that every
 * caching decision is made on the route the router matched, never on the URL's text. A route that
 * declares nothing is never cached: no shared-cache lifetime or surrogate keys, no ETag, no prepared
 * answer. Only a `public` route's declaration counts.
 */
export interface CacheableDeclaration {
  /**
   * The Cache-Control of every answer, set before the handler runs (so an error it throws is seen as
   * a public route's error and leaves with no-store). Absent: each answer sets its own (files and
   * server-rendered pages, whose Cache-Control depends on the answer).
   */
  cacheControl?: typeof PUBLIC_CACHE_CONTROL | typeof FEED_CACHE_CONTROL;
  /** The surrogate keys of a successful answer (what it shows), from the handler's result and the request. */
  keys?: (result: unknown, request: FastifyRequest) => Iterable<string>;
  /**
   * Keep answers as prepared responses for their URL (cacheable.ts applies it, PreparedResponseCache
   * refuses any answer of a route that does not say it):
   * - `true`: each answer (a RenderedAnswer) while the process runs, or until its own expiresAt;
   * - `{ currentness }`: each answer while the currentness of the given provider, asked before the
   *   handler runs, holds;
   * - `'answer'`: each answer says itself whether it may be kept and while what holds (a plugin
   *   route whose answers differ in kind: the server-rendered pages keep a cached render while its
   *   content and the build are current, never a search's page, a 404 or a reader's own outcome).
   */
  prepared?: true | { currentness: Type<Currentness> } | 'answer';
  /**
   * The request headers besides Accept-Encoding that its answers depend on, sent as Vary so that a
   * shared cache keeps one answer per value: `accept` for the pages whose address also answers
   * application/activity+json (a fediverse server must never be given the page, nor a browser the object).
   */
  vary?: readonly 'accept'[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cacheable?: CacheableDeclaration;
  }
}

/** The Vary of an answer of the matched route: Accept-Encoding (its compressed forms) and what the route declares. */
export function varyOf(config: FastifyContextConfig | undefined): string {
  return ['accept-encoding', ...(config?.cacheable?.vary ?? [])].join(', ');
}

/** Whether the matched route declared public, cacheable answers. */
export function isCacheable(config: FastifyContextConfig | undefined): boolean {
  return accessOf(config) === 'public' && config?.cacheable !== undefined;
}

/** Whether the matched route declared public, cacheable answers that may be kept as prepared responses. */
export function isPrepared(config: FastifyContextConfig | undefined): boolean {
  return isCacheable(config) && config?.cacheable?.prepared !== undefined;
}

/**
 * The Cache-Control and surrogate keys of an answer as it leaves the API, decided in one place for
 * every route (the headers hook below, and PreparedResponseCache for the answers it writes itself):
 * - a 200 GET or HEAD of a route declared public and cacheable, setting no cookie, whose Cache-Control
 *   is public carries its surrogate keys (those collected with surrogateKeys, and `site`); when it is
 *   PUBLIC_CACHE_CONTROL or FEED_CACHE_CONTROL (what is purged on change: pages, reads, feeds), it also
 *   gets the shared cache's lifetime (at most LISTED_COUNTS_MAX_AGE_SECONDS when it shows counts no
 *   reader's count purges); files (bundles, media) keep their own long one;
 * - any answer of a route that is not public, and any answer setting a cookie, is PRIVATE_CACHE_CONTROL
 *   (or the handler's own no-store) with no key;
 * - a public route that did not declare itself cacheable may not call its answer public: that is
 *   PRIVATE_CACHE_CONTROL too, so only the declaration makes an answer cacheable;
 * - anything else keeps what its handler said, with no key.
 */
export function sharedCacheHeaders(
  request: FastifyRequest,
  answer: { cacheControl: string | undefined; status: number; setsCookie: boolean },
): { cacheControl: string | undefined; surrogateKey: string | undefined; surrogateControl: string | undefined } {
  const config = request.routeOptions.config;
  const { cacheControl } = answer;
  if (accessOf(config) !== 'public' || answer.setsCookie) {
    return { cacheControl: cacheControl?.includes('no-store') ? cacheControl : PRIVATE_CACHE_CONTROL, surrogateKey: undefined, surrogateControl: undefined };
  }
  if (!isCacheable(config)) {
    return { cacheControl: cacheControl?.startsWith('public') ? PRIVATE_CACHE_CONTROL : cacheControl, surrogateKey: undefined, surrogateControl: undefined };
  }
  const shared =
    (request.method === 'GET' || request.method === 'HEAD') && (answer.status === 200 || answer.status === 304) && cacheControl?.startsWith('public');
  if (!shared) return { cacheControl, surrogateKey: undefined, surrogateControl: undefined };
  const keys = surrogateKeys(request);
  const surrogateKey = [...keys, cacheKeys.site].join(' ');
  if (cacheControl !== PUBLIC_CACHE_CONTROL && cacheControl !== FEED_CACHE_CONTROL) return { cacheControl, surrogateKey, surrogateControl: undefined };
  const { staleWhileRevalidateSeconds, staleIfErrorSeconds } = sharedPolicy;
  const maxAgeSeconds = keys.has(cacheKeys.listedCounts) ? Math.min(sharedPolicy.maxAgeSeconds, LISTED_COUNTS_MAX_AGE_SECONDS) : sharedPolicy.maxAgeSeconds;
  // must-revalidate would forbid the shared cache's stale answers too; max-age=0 keeps browsers revalidating.
  const browser = cacheControl.replace(', must-revalidate', '');
  return {
    // Browsers ignore s-maxage. The stale allowances go in Surrogate-Control, which only the shared
    // cache reads: a browser reaching the API directly would otherwise show a changed page stale.
    cacheControl: `${browser}, s-maxage=${maxAgeSeconds}`,
    surrogateKey,
    surrogateControl: `stale-while-revalidate=${staleWhileRevalidateSeconds}, stale-if-error=${staleIfErrorSeconds}`,
  };
}

/** Applies sharedCacheHeaders to a reply about to be sent. */
function applySharedCacheHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const given = reply.getHeader('cache-control');
  const { cacheControl, surrogateKey, surrogateControl } = sharedCacheHeaders(request, {
    cacheControl: typeof given === 'string' ? given : undefined,
    status: reply.statusCode,
    setsCookie: reply.hasHeader('set-cookie'),
  });
  if (cacheControl !== undefined) void reply.header('cache-control', cacheControl);
  if (surrogateKey === undefined) void reply.removeHeader(SURROGATE_KEY_HEADER);
  else void reply.header(SURROGATE_KEY_HEADER, surrogateKey);
  if (surrogateControl === undefined) void reply.removeHeader(SURROGATE_CONTROL_HEADER);
  else void reply.header(SURROGATE_CONTROL_HEADER, surrogateControl);
}

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

const RENDERED = Symbol('rendered answer');

/**
 * An answer's bytes made once with their ETag (a JSON read, a feed), as the handler of a cacheable
 * route returns them: the caching interceptor (cacheable.ts) sends them with their headers, and keeps
 * them as a prepared response when the route declares `prepared`. The ETag hook below still answers a
 * matching If-None-Match with 304.
 */
export interface RenderedAnswer {
  readonly [RENDERED]: true;
  body: Buffer;
  etag: string;
  contentType: string;
  /** Further headers of this answer (e.g. the next page's cursor). */
  headers?: Record<string, string>;
  /** A time-bound answer (a feed reused for a while) is kept as a prepared response until then at most (ms since the epoch). */
  expiresAt?: number;
}

export function renderedJson(json: RenderedJson, more: { headers?: Record<string, string>; expiresAt?: number } = {}): RenderedAnswer {
  return { [RENDERED]: true, body: json.body, etag: json.etag, contentType: JSON_CONTENT_TYPE, ...more };
}

/** Bytes of another type (XML, text, gzip), with a strong ETag of their content. */
export function renderedBytes(body: Buffer, contentType: string): RenderedAnswer {
  return { [RENDERED]: true, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`, contentType };
}

export function isRenderedAnswer(value: unknown): value is RenderedAnswer {
  return typeof value === 'object' && value !== null && (value as Partial<RenderedAnswer>)[RENDERED] === true;
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
 * rendered one with its body), and answers a matching If-None-Match with 304. Every answer leaves with
 * the Cache-Control and surrogate keys of sharedCacheHeaders, so only a route declared cacheable
 * (CacheableDeclaration) keeps a public Cache-Control, and with it an ETag.
 */
export function registerHttpCaching(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const declared = reply.getHeader('cache-control');
    // A route's public Cache-Control is declared before it runs; its errors must never be kept.
    if (reply.statusCode >= 400 && typeof declared === 'string' && declared.startsWith('public')) {
      void reply.header('cache-control', 'no-store');
    }
    applySharedCacheHeaders(request, reply);
    if (reply.statusCode >= 400) return payload;
    const cacheControl = reply.getHeader('cache-control');
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
