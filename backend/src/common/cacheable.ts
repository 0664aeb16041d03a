import type { CallHandler, ExecutionContext, NestInterceptor, Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import {
  isCacheable,
  isRenderedAnswer,
  type CacheableDeclaration,
  type Currentness,
  type FEED_CACHE_CONTROL,
  type PUBLIC_CACHE_CONTROL,
} from './http-cache.js';
import { prepare, type PreparedResponseCache } from './prepared-response-cache.js';
import { withRouteConfig } from './route-access.js';
import { surrogateKeys } from './surrogate-keys.js';

/** A route's caching, as it declares it; `R` is what its handler returns. */
export interface CacheableOptions<R> {
  cacheControl: typeof PUBLIC_CACHE_CONTROL | typeof FEED_CACHE_CONTROL;
  keys?: (result: R, request: FastifyRequest) => Iterable<string>;
  prepared?: CacheableDeclaration['prepared'];
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

/**
 * The one place a Nest route's cacheable answers are made so (registered for every route of the API):
 * for a route whose matched config declares `cacheable`, it sets the declared Cache-Control before the
 * handler runs, takes the staleness check of a prepared route BEFORE the handler computes the answer
 * (a change committed during the computation must end the answer at once, not be kept as current),
 * then names the answer's surrogate keys, sends a RenderedAnswer's bytes with their headers and keeps
 * it as a prepared response. The headers hook (registerHttpCaching) does the rest, as for any answer.
 */
export class CacheableRoutes implements NestInterceptor {
  /** Looked up once each: a miss costs what it did when the controller held the provider. */
  private readonly sources = new Map<Type<Currentness>, Currentness>();

  constructor(
    private readonly prepared: PreparedResponseCache,
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
    if (prepared === undefined) return undefined;
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
    // Keys before put: the prepared answer's headers name them (sharedCacheHeaders).
    for (const key of declared.keys?.(result, request) ?? []) surrogateKeys(request).add(key);
    if (!isRenderedAnswer(result)) {
      if (isCurrent) throw new Error(`${request.routeOptions.url}: a route declared prepared returns a RenderedAnswer`);
      return result;
    }
    const { body, etag, contentType, headers, expiresAt } = result;
    if (headers) void reply.headers(headers);
    void reply.header('content-type', contentType).header('etag', etag);
    if (isCurrent && declared.cacheControl) {
      const holds = expiresAt === undefined ? isCurrent : () => isCurrent() && Date.now() < expiresAt;
      this.prepared.put(request, prepare(body, { contentType, cacheControl: declared.cacheControl, etag, headers }), holds);
    }
    return body;
  }
}
