import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ArticleHistoryParamsSchema,
  ArticleRevisionParamsSchema,
  RestoreRevisionRequestSchema,
  type AdminArticle,
  type ArticleRevisionDetail,
  type ArticleRevisionParams,
  type ArticleRevisionSummary,
  type RestoreRevisionRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { toAdminArticle, type ReviewRow } from './article-row.js';
import type { RevisionRow } from './article-revision.entity.js';
import { ArticleCommands } from './article-commands.js';
import { ArticleHistory } from './article-history.js';
import { ArticleReads } from './article-reads.js';
import { adminActor } from './article-writer.js';
import { RequirePermission } from '../auth/index.js';

function toSummary(revision: RevisionRow): ArticleRevisionSummary {
  return {
    id: Number(revision.id),
    articleId: revision.article_id,
    action: revision.action as ArticleRevisionSummary['action'],
    actor: revision.actor,
    changed: revision.changed,
    version: revision.version,
    createdAt: new Date(revision.created_at).toISOString(),
    title: revision.snapshot.title,
    approved: revision.snapshot.approved,
    note: revision.note,
    // Revisions from before the review stage knew only the published flag.
    stage: (revision.snapshot as Partial<ReviewRow>).stage ?? (revision.snapshot.approved ? 'published' : 'draft'),
  };
}

/** An article's History in Article Management: its revisions, one in full, and restoring one. */
@Controller('admin/articles/:id/revisions')
export class ArticleHistoryController {
  constructor(
    private readonly history: ArticleHistory,
    private readonly reads: ArticleReads,
    private readonly commands: ArticleCommands,
  ) {}

  /** Newest first: when, who or which job, what changed. */
  @RequirePermission('articles.draft')
  @Get()
  async list(@Param(new ZodValidationPipe(ArticleHistoryParamsSchema)) params: { id: number }): Promise<ArticleRevisionSummary[]> {
    const revisions = await this.history.revisions(params.id);
    // An article older than its history has none yet; an id with neither is not an article.
    if (revisions.length === 0 && !(await this.reads.findById(params.id))) {
      throw new NotFoundException({ error: 'Not Found', message: `Article ${params.id} not found` });
    }
    return revisions.map(toSummary);
  }

  @RequirePermission('articles.draft')
  @Get(':revisionId')
  async show(@Param(new ZodValidationPipe(ArticleRevisionParamsSchema)) params: ArticleRevisionParams): Promise<ArticleRevisionDetail> {
    const revision = await this.history.revision(params.id, params.revisionId);
    if (!revision) throw new NotFoundException({ error: 'Not Found', message: `Article ${params.id} has no revision ${params.revisionId}` });
    return {
      ...toSummary(revision),
      content: revision.snapshot.content,
      metaDescription: revision.snapshot.meta_description ?? null,
      category: revision.snapshot.category,
    };
  }

  /** Puts the revision's text back as a new revision, over the version the editor is looking at. */
  @RequirePermission('articles.publish')
  @Post(':revisionId/restore')
  @HttpCode(200)
  async restore(
    @Param(new ZodValidationPipe(ArticleRevisionParamsSchema)) params: ArticleRevisionParams,
    @Body(new ZodValidationPipe(RestoreRevisionRequestSchema)) body: RestoreRevisionRequest,
    @Req() request: FastifyRequest,
  ): Promise<AdminArticle> {
    return toAdminArticle(await this.commands.restoreRevision(params.id, params.revisionId, adminActor(request.adminSession!.username), body.version));
  }
}
