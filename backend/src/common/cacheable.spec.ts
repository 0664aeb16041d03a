import { Controller, Get, Header, Injectable, Module, Param, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { applyCacheable, Cacheable, CacheableRoutes, registerPreparedResponses } from './cacheable.js';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, registerHttpCaching, RenderedJsonMemo, renderedJson, type RenderedAnswer } from './http-cache.js';
import { prepare, PreparedResponseCache } from './prepared-response-cache.js';
import { Public } from './route-access.js';
import { cacheKeys, surrogateKeys } from './surrogate-keys.js';

/** A cache generation: what a prepared answer of the declared route depends on. */
@Injectable()
class Generation {
  value = 0;
  /** Set by a test: a change committed while the handler computes its answer. */
  changeDuringComputation = false;

  currentness(): () => boolean {
    const seen = this.value;
    return () => this.value === seen;
  }
}

const rendered = new RenderedJsonMemo();
const things = new Map([7, 8].map((id) => [id, { id }]));

@Controller()
class ThingsController {
  constructor(private readonly generation: Generation) {}

  /** Public, and its handler does all today's hand wiring would, but declares nothing. */
  @Public()
  @Get('undeclared/:id')
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  undeclared(@Param('id') id: string, @Req() request: FastifyRequest): { id: number } {
    surrogateKeys(request).add(cacheKeys.article(Number(id)));
    return { id: Number(id) };
  }

  @Public()
  @Get('declared/:id')
  @Cacheable({
    cacheControl: PUBLIC_CACHE_CONTROL,
    keys: (thing: RenderedAnswer & { id: number }) => [cacheKeys.article(thing.id)],
    prepared: { currentness: Generation },
  })
  declared(@Param('id') id: string): RenderedAnswer & { id: number } {
    if (this.generation.changeDuringComputation) this.generation.value++;
    const thing = things.get(Number(id))!;
    return { ...renderedJson(rendered.render(thing, String(this.generation.value), () => thing)), id: thing.id };
  }
}

@Module({ controllers: [ThingsController], providers: [Generation, { provide: PreparedResponseCache, useFactory: () => new PreparedResponseCache() }] })
class ThingsModule {}

describe('@Cacheable', () => {
  let app: NestFastifyApplication;
  let prepared: PreparedResponseCache;
  let generation: Generation;
  const preparedAnswerTo = (url: string) => prepared.find({ method: 'GET', url, headers: {} } as IncomingMessage);

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), { logger: false });
    prepared = app.get(PreparedResponseCache);
    generation = app.get(Generation);
    // As createApiApp wires them.
    const fastify = app.getHttpAdapter().getInstance();
    registerHttpCaching(fastify);
    registerPreparedResponses(fastify, prepared);
    app.useGlobalInterceptors(new CacheableRoutes((token) => app.get(token, { strict: false })));
    // Plugin routes, as the files and the server-rendered pages are registered (web-assets.ts).
    const page = (request: FastifyRequest) => {
      const { id } = request.params as { id: string };
      const cacheControl = id === 'mine' ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
      return prepare(Buffer.from(`<p>${id}</p>`), { contentType: 'text/html; charset=utf-8', cacheControl, etag: `"${id}"` });
    };
    // Public and cacheable, but it declares no prepared answers: what it puts by hand is not kept.
    fastify.get('/files/:id', { config: { access: 'public', cacheable: {} } }, async (request, reply) => {
      const response = page(request);
      prepared.put(request, response, () => true);
      void reply.type(response.contentType).header('cache-control', response.cacheControl);
      return response.body;
    });
    // Each answer says its Cache-Control and its own currentness.
    fastify.get('/pages/:id', { config: { access: 'public', cacheable: { prepared: 'answer' } } }, async (request, reply) => {
      const { id } = request.params as { id: string };
      const response = page(request);
      applyCacheable(request, reply, { response, keys: [`page-${id}`], isCurrent: id === 'search' ? undefined : generation.currentness() });
      return response.body;
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  it('never caches a route that declares nothing, whatever its handler says', async () => {
    const response = await app.inject({ method: 'GET', url: '/undeclared/7' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 7 });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['surrogate-key']).toBeUndefined();
    expect(response.headers['surrogate-control']).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
    expect(preparedAnswerTo('/undeclared/7')).toBeUndefined();
    // Nor is an answer put by hand for it kept: the matched route's declaration decides.
    const request = {
      method: 'GET',
      url: '/undeclared/7',
      raw: { url: '/undeclared/7', headers: {} },
      routeOptions: { url: '/undeclared/:id', config: { access: 'public' } },
    } as unknown as FastifyRequest;
    prepared.put(request, prepare(Buffer.from('{"id":7}'), { contentType: 'application/json', cacheControl: PUBLIC_CACHE_CONTROL, etag: 'W/"x"' }), () => true);
    expect(preparedAnswerTo('/undeclared/7')).toBeUndefined();
  });

  it('makes a route cacheable with its keys from the declaration alone', async () => {
    const response = await app.inject({ method: 'GET', url: '/declared/7' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 7 });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=3600');
    expect(response.headers['surrogate-key']).toBe('article-7 site');
    expect(response.headers['surrogate-control']).toBe('stale-while-revalidate=30, stale-if-error=86400');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await app.inject({ method: 'GET', url: '/declared/7', headers: { 'if-none-match': etag } });
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);

    const kept = preparedAnswerTo('/declared/7');
    expect(kept?.response.body.toString()).toBe('{"id":7}');
    expect([kept?.cacheControl, kept?.surrogateKey]).toEqual(['public, max-age=0, s-maxage=3600', 'article-7 site']);
    // Until what it depends on changes.
    generation.value++;
    expect(preparedAnswerTo('/declared/7')).toBeUndefined();
  });

  it('takes the staleness check before the handler runs: a change during the computation is never kept as current', async () => {
    generation.changeDuringComputation = true;
    try {
      const response = await app.inject({ method: 'GET', url: '/declared/8' });
      expect(response.statusCode).toBe(200);
      expect(preparedAnswerTo('/declared/8')).toBeUndefined();
    } finally {
      generation.changeDuringComputation = false;
    }
    await app.inject({ method: 'GET', url: '/declared/8' });
    expect(preparedAnswerTo('/declared/8')).toBeDefined();
  });

  it('keeps no answer of a plugin route that does not declare prepared answers, even one put by hand', async () => {
    const response = await app.inject({ method: 'GET', url: '/files/7' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=3600');
    expect(preparedAnswerTo('/files/7')).toBeUndefined();
  });

  it('applies a plugin route’s declaration to each answer as it says: kept while its own currentness holds, never a private one', async () => {
    const response = await app.inject({ method: 'GET', url: '/pages/about' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.etag).toBe('"about"');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=3600');
    expect(response.headers['surrogate-key']).toBe('page-about site');
    const kept = preparedAnswerTo('/pages/about');
    expect(kept?.response.body.toString()).toBe('<p>about</p>');
    expect([kept?.cacheControl, kept?.surrogateKey]).toEqual(['public, max-age=0, s-maxage=3600', 'page-about site']);
    // A page made for this request alone (no currentness), and a reader's own page, are not kept.
    await app.inject({ method: 'GET', url: '/pages/search' });
    expect(preparedAnswerTo('/pages/search')).toBeUndefined();
    const mine = await app.inject({ method: 'GET', url: '/pages/mine' });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['surrogate-key']).toBeUndefined();
    expect(preparedAnswerTo('/pages/mine')).toBeUndefined();
    // Until what the page depends on changes.
    generation.value++;
    expect(preparedAnswerTo('/pages/about')).toBeUndefined();
  });

  it('keeps no error of a declared route', async () => {
    const response = await app.inject({ method: 'GET', url: '/declared/9' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['surrogate-key']).toBeUndefined();
    expect(preparedAnswerTo('/declared/9')).toBeUndefined();
  });
});
