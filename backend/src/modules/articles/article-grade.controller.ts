import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ArticleHistoryParamsSchema, type ArticleGradeRecord } from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { ArticleDisclosureService } from './article-disclosure.service.js';

/** An article's AI involvement grade in Article Management's History: now, with each rule's check, and each change of it. */
@Controller('admin/articles/:id/grade')
export class ArticleGradeController {
  constructor(private readonly disclosure: ArticleDisclosureService) {}

  @RequirePermission('articles.draft')
  @Get()
  async show(@Param(new ZodValidationPipe(ArticleHistoryParamsSchema)) params: { id: number }): Promise<ArticleGradeRecord> {
    const [current, history] = await Promise.all([this.disclosure.grade(params.id), this.disclosure.gradeHistory(params.id)]);
    if (!current) throw new NotFoundException({ error: 'Not Found', message: `Article ${params.id} not found` });
    return { articleId: params.id, current, history };
  }
}
