import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ArticleListQuerySchema,
  ArticleSlugParamsSchema,
  NEXT_CURSOR_HEADER,
  type ArticleListQuery,
} from '@ai-mind/contracts';
import { PUBLIC_CACHE_CONTROL, sendRendered } from '../../common/http-cache.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ArticlesService } from './articles.service.js';
import { Public } from '../auth/route-access.js';

@Controller('articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  /** A plain array of ArticleSummary as JSON bytes, as the spec's clients read it; the next page is announced in headers. */
  @Public()
  @Get()
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  async list(@Query(new ZodValidationPipe(ArticleListQuerySchema)) query: ArticleListQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const page = await this.articles.renderPublishedList(query);
    if (page.nextCursor) {
      const next = new URLSearchParams(Object.entries({ ...query, cursor: page.nextCursor }).map(([k, v]): [string, string] => [k, String(v)]));
      void reply.header(NEXT_CURSOR_HEADER, page.nextCursor).header('link', `</api/articles?${next}>; rel="next"`);
    }
    return sendRendered(reply, page.json);
  }

  /** An Article, as JSON bytes. */
  @Public()
  @Get('slug/:slug')
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  async bySlug(@Param(new ZodValidationPipe(ArticleSlugParamsSchema)) params: { slug: string }, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendRendered(reply, await this.articles.renderPublishedArticle(params.slug));
  }
}
