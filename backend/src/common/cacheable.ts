import type { CallHandler, ExecutionContext, NestInterceptor, Type } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import {
  isCacheable,
  isRenderedAnswer,
  type CacheableDeclaration,
  type Currentness,
  type FEED_CACHE_CONTROL,
  type PUBLIC_CACHE_CONTROL,
} from './http-cache.js';
import { prepare, type PreparedResponse, type PreparedResponseCache } from './prepared-response-cache.js';
import { withRouteConfig } from './route-access.js';
import { surrogateKeys } from './surrogate-keys.js';

/** A route's caching, as it declares it; `R` is what its handler returns. */
export interface CacheableOptions<R> {
  cacheControl: typeof PUBLIC_CACHE_CONTROL | typeof FEED_CACHE_CONTROL;
  keys?: (result: R, request: FastifyRequest) => Iterable<string>;
  /** Nest handlers return their answer alone, so it cannot carry its currentness (`'answer'` is for plugin routes). */
  prepared?: Exclude<CacheableDeclaration['prepared'], 'answer'>;
}

/**
 * Declares a public route's answers cacheable, and all that follows from it, in one place next to its
 * @Public(): their Cache-Control (browsers, and the shared cache's lifetime on top), their surrogate
 * keys (what they show, purged on change), ETags and conditional GETs, and with `prepared` the
 * prepared responses (the handler then returns a RenderedAnswer). A route that declares nothing is
 * never cached. Carried in the Fastify route config, so every decision is made on the matched route.
 */
export function Cacheable<R = unknown>(options: CacheableOptions<R>): MethodDecorator {
  return withRouteConfig({ cacheable: options as CacheableDeclaration });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's prepared responses, where applyCacheable keeps the answers of routes declaring `prepared`. */
    preparedResponses?: PreparedResponseCache;
  }
}

/** Makes `cache` the prepared responses of every route of `fastify` (Nest handlers and plugin routes alike). */
export function registerPreparedResponses(fastify: FastifyInstance, cache: PreparedResponseCache): void {
  fastify.decorate('preparedResponses', cache);
}

/** One answer of a route declared cacheable, as the route made it. */
export interface CacheableAnswer {
  /** Its bytes with their Content-Type, ETag, Cache-Control and further headers (and compressed forms). Absent: a value Nest serialises. */
  response?: PreparedResponse;
  /** The surrogate keys of what it shows. */
  keys?: Iterable<string>;
  /**
   * While what it may be kept as a prepared response (asked on every later hit; taken before it was
   * computed). Absent: it is for this request alone. Kept only if the route declares `prepared`.
   */
  isCurrent?: () => boolean;
}

/**
 * Applies the matched route's caching declaration to one of its answers, for Nest handlers (through
 * CacheableRoutes) and plugin routes (the server-rendered pages) alike: names its surrogate keys,
 * sets its Cache-Control when the route declares none (each answer then says its own), its
 * Content-Type, ETag and further headers, and keeps it as a prepared response when the route declares
 * `prepared` and the answer's currentness is given. The headers hook (registerHttpCaching) does the
 * rest, as for any answer. The route still sends the body (or a 304) itself.
 */
export function applyCacheable(request: FastifyRequest, reply: FastifyReply, answer: CacheableAnswer): void {
  // Keys before put: the prepared answer's headers name them (sharedCacheHeaders).
  for (const key of answer.keys ?? []) surrogateKeys(request).add(key);
  const { response, isCurrent } = answer;
  if (!response) return;
  if (response.headers) void reply.headers(response.headers);
  if (!request.routeOptions.config.cacheable?.cacheControl) void reply.header('cache-control', response.cacheControl);
  void reply.header('content-type', response.contentType).header('etag', response.etag);
  // PreparedResponseCache.put itself refuses an answer of a route that does not declare `prepared`.
  if (isCurrent) request.server.preparedResponses?.put(request, response, isCurrent);
}

/**
 * The one place a Nest route's cacheable answers are made so (registered for every route of the API):
 * for a route whose matched config declares `cacheable`, it sets the declared Cache-Control before the
 * handler runs, takes the staleness check of a prepared route BEFORE the handler computes the answer
 * (a change committed during the computation must end the answer at once, not be kept as current),
 * then applies the declaration to the answer (applyCacheable: its surrogate keys, a RenderedAnswer's
 * headers, and keeping it as a prepared response) and sends a RenderedAnswer's bytes.
 */
export class CacheableRoutes implements NestInterceptor {
  /** Looked up once each: a miss costs what it did when the controller held the provider. */
  private readonly sources = new Map<Type<Currentness>, Currentness>();

  constructor(
    /** The provider named by a declaration's `currentness` (an application-wide lookup). */
    private readonly resolve: (token: Type<Currentness>) => Currentness,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const config = request.routeOptions.config;
    const declared = config.cacheable;
    if (!declared || !isCacheable(config)) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    // Before the handler: an error it throws (a bad query, a missing article) is then seen by the
    // headers hook as a public route's error, and leaves with no-store.
    if (declared.cacheControl) void reply.header('cache-control', declared.cacheControl);
    const isCurrent = this.currentness(declared.prepared);
    return next.handle().pipe(map((result: unknown) => this.answer(request, reply, declared, result, isCurrent)));
  }

  private currentness(prepared: CacheableDeclaration['prepared']): (() => boolean) | undefined {
    // A Nest handler's answer carries no currentness of its own (CacheableOptions): never kept on its word.
    if (prepared === undefined || prepared === 'answer') return undefined;
    if (prepared === true) return () => true;
    let source = this.sources.get(prepared.currentness);
    if (!source) this.sources.set(prepared.currentness, (source = this.resolve(prepared.currentness)));
    return source.currentness();
  }

  private answer(
    request: FastifyRequest,
    reply: FastifyReply,
    declared: CacheableDeclaration,
    result: unknown,
    isCurrent: (() => boolean) | undefined,
  ): unknown {
    const keys = declared.keys?.(result, request);
    if (!isRenderedAnswer(result)) {
      if (isCurrent) throw new Error(`${request.routeOptions.url}: a route declared prepared returns a RenderedAnswer`);
      applyCacheable(request, reply, { keys });
      return result;
    }
    const { body, etag, contentType, headers, expiresAt } = result;
    // @Cacheable always declares the Cache-Control (CacheableOptions); it is what the answer is kept with.
    const cacheControl = declared.cacheControl ?? 'no-cache';
    const holds = !isCurrent ? undefined : expiresAt === undefined ? isCurrent : () => isCurrent() && Date.now() < expiresAt;
    applyCacheable(request, reply, { response: prepare(body, { contentType, cacheControl, etag, headers }), keys, isCurrent: holds });
    return body;
  }
}
