import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AddCorrectionRequestSchema, ArticleHistoryParamsSchema, type AddCorrectionRequest, type AdminArticle } from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { toAdminArticle } from '../articles/index.js';
import { RequirePermission } from '../auth/index.js';
import { ArticlesAdminService } from './articles-admin.service.js';

/** An editor's public corrections and update notes on a published article. */
@Controller('admin/articles/:id/corrections')
export class ArticleCorrectionsController {
  constructor(private readonly articles: ArticlesAdminService) {}

  /** Adds a dated note (201 with the article as it is now, its new version included). */
  @RequirePermission('articles.publish')
  @Post()
  async add(
    @Param(new ZodValidationPipe(ArticleHistoryParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(AddCorrectionRequestSchema)) body: AddCorrectionRequest,
    @Req() request: FastifyRequest,
  ): Promise<AdminArticle> {
    return toAdminArticle(await this.articles.addCorrection(params.id, body, request.adminSession!.username));
  }
}
