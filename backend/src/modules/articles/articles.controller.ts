import { Controller, Get, Param, Query } from '@nestjs/common';
import { ArticleListQuerySchema, ArticleSlugParamsSchema, type ArticleListQuery } from '@ai-mind/contracts';
import { Cacheable } from '../../common/cacheable.js';
import { PUBLIC_CACHE_CONTROL, renderedJson, type RenderedAnswer } from '../../common/http-cache.js';
import { nextPageHeaders } from '../../common/next-page-headers.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ArticlesService } from './articles.service.js';
import { Public } from '../../common/route-access.js';

/**
 * The public reads. Each answer computed here is also kept as a prepared response (@Cacheable): later
 * requests for the same URL are answered by the prepared-response hook until an article or a counter
 * changes.
 */
@Controller('articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  /** A plain array of ArticleSummary as JSON bytes, as the spec's clients read it; the next page is announced in headers. */
  @Public()
  @Get()
  @Cacheable({ cacheControl: PUBLIC_CACHE_CONTROL, keys: (page: { keys: string[] }) => page.keys, prepared: { currentness: ArticlesService } })
  async list(@Query(new ZodValidationPipe(ArticleListQuerySchema)) query: ArticleListQuery): Promise<RenderedAnswer & { keys: string[] }> {
    const page = await this.articles.renderPublishedList(query);
    return { ...renderedJson(page.json, { headers: nextPageHeaders('/api/articles', query, page.nextCursor) }), keys: page.keys };
  }

  /** An Article, as JSON bytes. */
  @Public()
  @Get('slug/:slug')
  @Cacheable({ cacheControl: PUBLIC_CACHE_CONTROL, keys: (article: { keys: string[] }) => article.keys, prepared: { currentness: ArticlesService } })
  async bySlug(@Param(new ZodValidationPipe(ArticleSlugParamsSchema)) params: { slug: string }): Promise<RenderedAnswer & { keys: string[] }> {
    const { json, keys } = await this.articles.renderPublishedArticle(params.slug);
    return { ...renderedJson(json), keys };
  }
}
