import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  AssignRequestSchema,
  AdminArticleIdParamsSchema,
  CreateDraftRequestSchema,
  ReviewStepRequestSchema,
  ScheduleRequestSchema,
  type Assignee,
  type AssignRequest,
  type CreateDraftRequest,
  type ReviewedArticle,
  type ReviewStep,
  type ReviewStepRequest,
  type ScheduleRequest,
} from '@ai-mind/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { OneAtATime } from '../../common/one-at-a-time.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { AuditLogWriter } from '../admin/index.js';
import { ArticleReviewStore, reviewerOf, toReviewedArticle } from '../articles/index.js';
import { RequirePermission } from '../auth/index.js';
import { ClaimCheckService, type PublishClaimsOutcome } from '../provenance/index.js';
import { AiCommentaryService } from '../ai-jobs/index.js';
import { queueScheduledPublish } from '../publishing/index.js';

const idParams = new ZodValidationPipe(AdminArticleIdParamsSchema);
const stepBody = new ZodValidationPipe(ReviewStepRequestSchema);

/**
 * The review stage in Article Management: a writer's new draft and submit, an editor's review steps,
 * assignment and schedule. Each answers the article as it now is, with its stage.
 */
@Controller('admin/articles')
export class ArticleReviewController {
  constructor(
    private readonly review: ArticleReviewStore,
    private readonly commentary: AiCommentaryService,
    private readonly jobs: JobProducer,
    private readonly claims: ClaimCheckService,
    private readonly audit: AuditLogWriter,
    private readonly oneAtATime: OneAtATime,
  ) {}

  @RequirePermission('articles.draft')
  @Post()
  async create(@Body(new ZodValidationPipe(CreateDraftRequestSchema)) body: CreateDraftRequest, @Req() request: FastifyRequest): Promise<ReviewedArticle> {
    const reviewer = reviewerOf(request);
    return toReviewedArticle(await this.oneAtATime.run('save', String(reviewer.userId), () => this.review.createDraft(body, reviewer)));
  }

  @RequirePermission('articles.draft')
  @Post(':id/submit')
  @HttpCode(200)
  submit(@Param(idParams) params: { id: number }, @Body(stepBody) body: ReviewStepRequest, @Req() request: FastifyRequest): Promise<ReviewedArticle> {
    return this.step(params.id, 'submit', body, request);
  }

  @RequirePermission('articles.publish')
  @Post(':id/request-changes')
  @HttpCode(200)
  requestChanges(@Param(idParams) params: { id: number }, @Body(stepBody) body: ReviewStepRequest, @Req() request: FastifyRequest): Promise<ReviewedArticle> {
    return this.step(params.id, 'request-changes', body, request);
  }

  @RequirePermission('articles.publish')
  @Post(':id/mark-ready')
  @HttpCode(200)
  markReady(@Param(idParams) params: { id: number }, @Body(stepBody) body: ReviewStepRequest, @Req() request: FastifyRequest): Promise<ReviewedArticle> {
    return this.step(params.id, 'mark-ready', body, request);
  }

  @RequirePermission('articles.publish')
  @Post(':id/publish')
  @HttpCode(200)
  async publish(@Param(idParams) params: { id: number }, @Body(stepBody) body: ReviewStepRequest, @Req() request: FastifyRequest): Promise<ReviewedArticle> {
    const article = await this.vouchedStep(params.id, 'publish', body, request);
    // A published article always gets its AI commentary block; the worker writes a missing one.
    if (!article.aiCommentary?.trim()) await this.commentary.request(article.id);
    return article;
  }

  @RequirePermission('articles.publish')
  @Post(':id/schedule')
  @HttpCode(200)
  async schedule(
    @Param(idParams) params: { id: number },
    @Body(new ZodValidationPipe(ScheduleRequestSchema)) body: ScheduleRequest,
    @Req() request: FastifyRequest,
  ): Promise<ReviewedArticle> {
    const at = new Date(body.at);
    const article = await this.vouchedStep(params.id, 'schedule', body, request, at);
    // Committed first: should Redis fail here, the workers' sweep still publishes it at its time.
    await queueScheduledPublish(this.jobs, article.id, at);
    return article;
  }

  @RequirePermission('articles.publish')
  @Post(':id/unschedule')
  @HttpCode(200)
  unschedule(@Param(idParams) params: { id: number }, @Body(stepBody) body: ReviewStepRequest, @Req() request: FastifyRequest): Promise<ReviewedArticle> {
    return this.step(params.id, 'unschedule', body, request);
  }

  @RequirePermission('articles.publish')
  @Put(':id/assignee')
  async assign(
    @Param(idParams) params: { id: number },
    @Body(new ZodValidationPipe(AssignRequestSchema)) body: AssignRequest,
    @Req() request: FastifyRequest,
  ): Promise<ReviewedArticle> {
    return toReviewedArticle(await this.review.assign(params.id, body.assigneeId, reviewerOf(request), body.version));
  }

  private async step(
    id: number,
    step: ReviewStep,
    body: ReviewStepRequest,
    request: FastifyRequest,
    at?: Date,
    beforeStep?: (em: EntityManager) => Promise<void>,
  ): Promise<ReviewedArticle> {
    return toReviewedArticle(await this.review.step(id, step, reviewerOf(request), { note: body.note, version: body.version, at, beforeStep }));
  }

  /**
   * Publishing or scheduling, as approve-blog publishes: open claim flags refuse it (409) unless
   * `overrideClaims`, and then each open claim records the editor in the step's transaction and the
   * audit log says so.
   */
  private async vouchedStep(id: number, step: 'publish' | 'schedule', body: ReviewStepRequest, request: FastifyRequest, at?: Date): Promise<ReviewedArticle> {
    const username = request.adminSession!.username;
    let outcome: PublishClaimsOutcome = { open: 0, overridden: 0 };
    const article = await this.step(id, step, body, request, at, async (em) => {
      outcome = await this.claims.settleForPublish(em, id, body.overrideClaims === true, username);
    });
    if (outcome.overridden > 0)
      await this.audit.recordDecision(request, `override ${outcome.overridden} open claim${outcome.overridden === 1 ? '' : 's'}`, String(id));
    return article;
  }
}

/** The accounts Article Management offers to assign an article to. */
@Controller('admin/assignees')
export class AssigneesController {
  constructor(private readonly review: ArticleReviewStore) {}

  @RequirePermission('articles.publish')
  @Get()
  list(): Promise<Assignee[]> {
    return this.review.assignees();
  }
}
