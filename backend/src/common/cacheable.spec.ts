import { Controller, Get, Header, Injectable, Module, Param, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Cacheable, CacheableRoutes } from './cacheable.js';
import { PUBLIC_CACHE_CONTROL, registerHttpCaching, RenderedJsonMemo, renderedJson, type RenderedAnswer } from './http-cache.js';
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
    registerHttpCaching(app.getHttpAdapter().getInstance());
    app.useGlobalInterceptors(new CacheableRoutes(prepared, (token) => app.get(token, { strict: false })));
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

  it('keeps no error of a declared route', async () => {
    const response = await app.inject({ method: 'GET', url: '/declared/9' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['surrogate-key']).toBeUndefined();
    expect(preparedAnswerTo('/declared/9')).toBeUndefined();
  });
});
