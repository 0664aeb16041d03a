import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Put, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminArticleListQuerySchema,
  articleMeta,
  DRAFT_COUNT_HEADER,
  MORE_MATCHES_HEADER,
  PUBLISHED_COUNT_HEADER,
  STAGE_COUNTS_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminArticleListQuery,
  type AdminArticleSummary,
  AdminArticleIdParamsSchema,
  ArticleIdRequestSchema,
  UpdateArticleRequestSchema,
  type ReviewedArticle,
  type ArticleIdRequest,
  type MessageResponse,
  type UpdateArticleRequest,
  type UpdateArticleResponse,
} from '@ai-mind/contracts';
import { nextPageHeaders } from '../../common/next-page-headers.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { OneAtATime } from '../../common/one-at-a-time.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { AdminArticleListService, ArticleReviewStore, reviewerOf, toArticleDto, toReviewedArticle } from '../articles/index.js';
import { RequirePermission } from '../auth/index.js';
import { AiCommentaryService } from '../ai-jobs/index.js';
import { BackupBeforeInterceptor } from '../recovery/index.js';
import { PagesService } from '../pages/index.js';
import { TrendingService } from '../trending/index.js';
import { AuditLogWriter } from '../admin/index.js';
import { ClaimCheckService, type PublishClaimsOutcome } from '../provenance/index.js';
import { ArticlesAdminService } from './articles-admin.service.js';

@Controller('admin')
export class AdminArticlesController {
  constructor(
    private readonly articles: ArticlesAdminService,
    private readonly commentary: AiCommentaryService,
    private readonly pages: PagesService,
    private readonly trending: TrendingService,
    private readonly list: AdminArticleListService,
    private readonly review: ArticleReviewStore,
    private readonly claims: ClaimCheckService,
    private readonly audit: AuditLogWriter,
    private readonly oneAtATime: OneAtATime,
    @InjectConfig('site') private readonly config: ConfigSlice<'site'>,
  ) {}

  /**
   * Article Management's rows: a plain array of summaries (no bodies), one page at a time. The next
   * page's cursor and the exact counts travel in headers, as on the public list.
   */
  @RequirePermission('articles.draft')
  @Get('articles')
  async page(
    @Query(new ZodValidationPipe(AdminArticleListQuerySchema)) query: AdminArticleListQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminArticleSummary[]> {
    const page = await this.list.page(query, request.adminSession!.userId);
    void reply
      .header(TOTAL_COUNT_HEADER, page.total)
      .header(PUBLISHED_COUNT_HEADER, page.published)
      .header(DRAFT_COUNT_HEADER, page.drafts)
      .header(
        STAGE_COUNTS_HEADER,
        Object.entries(page.stages)
          .map(([stage, count]) => `${stage}=${count}`)
          .join(','),
      );
    if (page.moreMatches) void reply.header(MORE_MATCHES_HEADER, 'true');
    void reply.headers(nextPageHeaders('/api/admin/articles', query, page.nextCursor));
    return page.items;
  }

  /** One article in full, with its version, for the editor and the draft preview. */
  @RequirePermission('articles.draft')
  @Get('articles/:id')
  async one(@Param(new ZodValidationPipe(AdminArticleIdParamsSchema)) params: { id: number }): Promise<ReviewedArticle> {
    const row = await this.review.findReviewed(params.id);
    if (!row) throw new NotFoundException({ error: 'Not Found', message: `Blog ${params.id} not found` });
    return toReviewedArticle(row);
  }

  /**
   * Publishes a draft. Open claim flags (sentences no source supports, or whose numbers or names
   * disagree with their source) refuse it with 409 unless `overrideClaims`: then each open claim
   * records the editor and the time, in the publishing transaction, and the audit log says so.
   */
  @Post('approve-blog')
  @HttpCode(200)
  @RequirePermission('articles.publish')
  async approve(@Body(new ZodValidationPipe(ArticleIdRequestSchema)) body: ArticleIdRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    const username = request.adminSession!.username;
    let outcome: PublishClaimsOutcome = { open: 0, overridden: 0 };
    const article = await this.articles.publish(body.blogId, username, body.version, async (em) => {
      outcome = await this.claims.settleForPublish(em, body.blogId, body.overrideClaims === true, username);
    });
    if (outcome.overridden > 0)
      await this.audit.recordDecision(request, `override ${outcome.overridden} open claim${outcome.overridden === 1 ? '' : 's'}`, String(article.id));
    // A published article always gets its AI commentary block; the worker writes a missing one.
    if (!article.ai_commentary?.trim()) await this.commentary.request(article.id);
    const vouched = outcome.overridden ? ` over ${outcome.overridden} flagged claim${outcome.overridden === 1 ? '' : 's'}, on your word` : '';
    return { message: `Blog "${article.title}" is published${vouched}.` };
  }

  @RequirePermission('articles.delete')
  @Post('decline-blog')
  @HttpCode(200)
  @UseInterceptors(BackupBeforeInterceptor)
  async decline(@Body(new ZodValidationPipe(ArticleIdRequestSchema)) body: ArticleIdRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    await this.articles.delete(body.blogId, request.adminSession!.username, body.version);
    return { message: 'Article deleted permanently.' };
  }

  /** Refresh Data: drops every cached public page and feed, rebuilds the sitemap, and reports what the database holds. */
  @RequirePermission('articles.publish')
  @Post('refresh-data')
  @HttpCode(200)
  async refreshData(): Promise<MessageResponse & { totalArticles: number; publishedArticles: number; sitemapArticleUrls: number }> {
    const counts = await this.articles.refreshCaches();
    const sitemap = await this.pages.rebuildSitemap();
    await this.trending.requestRefresh();
    return {
      message: `Caches cleared and sitemap rebuilt: ${counts.publishedArticles} of ${counts.totalArticles} articles are published. Trending topics are being refreshed from the feeds.`,
      ...counts,
      sitemapArticleUrls: sitemap.articleUrls,
    };
  }

  @RequirePermission('articles.delete')
  @Post('clear-problematic-blogs')
  @HttpCode(200)
  @UseInterceptors(BackupBeforeInterceptor)
  async clearProblematic(
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse & { removedCount: number; removed: { id: number; title: string; reason: string }[] }> {
    const removed = await this.articles.clearProblematicDrafts(request.adminSession!.username);
    return { message: `Removed ${removed.length} problematic draft${removed.length === 1 ? '' : 's'}.`, removedCount: removed.length, removed };
  }

  /** An editor's save of any article, or a writer's of their own or assigned draft (403 otherwise); one at a time per account (429 while the previous one runs). */
  @RequirePermission('articles.draft')
  @Put('blogs/:id')
  async update(
    @Param(new ZodValidationPipe(AdminArticleIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(UpdateArticleRequestSchema)) body: UpdateArticleRequest,
    @Req() request: FastifyRequest,
  ): Promise<UpdateArticleResponse> {
    const reviewer = reviewerOf(request);
    const article = await this.oneAtATime.run('save', String(reviewer.userId), async () => {
      const saved = toArticleDto(await this.articles.update(params.id, body, reviewer));
      // Every saved body is checked again against its sources; the editor reads the result beside it.
      await this.claims.checkArticle(params.id);
      return saved;
    });
    return {
      message: 'Blog updated successfully.',
      seoSchema: articleMeta(article, this.config.publicUrl).jsonLd[0]!,
      // The sitemap is made from the database after each change, so it lists the new version.
      sitemapUpdated: true,
    };
  }
}
