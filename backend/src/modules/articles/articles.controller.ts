import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ArticleListQuerySchema,
  ArticleSlugParamsSchema,
  NEXT_CURSOR_HEADER,
  type ArticleListQuery,
} from '@ai-mind/contracts';
import { JSON_CONTENT_TYPE, PUBLIC_CACHE_CONTROL, sendRendered } from '../../common/http-cache.js';
import { prepare, PreparedResponseCache } from '../../common/prepared-response-cache.js';
import { surrogateKeys } from '../../common/surrogate-keys.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ArticlesService } from './articles.service.js';
import { Public } from '../auth/route-access.js';

/**
 * The public reads. Each answer computed here is also kept as a prepared response: later requests
 * for the same URL are answered by the prepared-response hook until an article or a counter changes.
 */
@Controller('articles')
export class ArticlesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly prepared: PreparedResponseCache,
  ) {}

  /** A plain array of ArticleSummary as JSON bytes, as the spec's clients read it; the next page is announced in headers. */
  @Public()
  @Get()
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  async list(
    @Query(new ZodValidationPipe(ArticleListQuerySchema)) query: ArticleListQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const isCurrent = this.articles.currentness();
    const page = await this.articles.renderPublishedList(query);
    for (const key of page.keys) surrogateKeys(request).add(key);
    const headers: Record<string, string> = {};
    if (page.nextCursor) {
      const next = new URLSearchParams(Object.entries({ ...query, cursor: page.nextCursor }).map(([k, v]): [string, string] => [k, String(v)]));
      headers[NEXT_CURSOR_HEADER] = page.nextCursor;
      headers.link = `</api/articles?${next}>; rel="next"`;
      void reply.headers(headers);
    }
    this.prepared.put(request, prepare(page.json.body, { contentType: JSON_CONTENT_TYPE, cacheControl: PUBLIC_CACHE_CONTROL, etag: page.json.etag, headers }), isCurrent);
    return sendRendered(reply, page.json);
  }

  /** An Article, as JSON bytes. */
  @Public()
  @Get('slug/:slug')
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  async bySlug(
    @Param(new ZodValidationPipe(ArticleSlugParamsSchema)) params: { slug: string },
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const isCurrent = this.articles.currentness();
    const { json, keys } = await this.articles.renderPublishedArticle(params.slug);
    for (const key of keys) surrogateKeys(request).add(key);
    this.prepared.put(request, prepare(json.body, { contentType: JSON_CONTENT_TYPE, cacheControl: PUBLIC_CACHE_CONTROL, etag: json.etag }), isCurrent);
    return sendRendered(reply, json);
  }
}
