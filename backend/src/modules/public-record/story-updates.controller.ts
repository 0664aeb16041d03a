import { Controller, Get, Param } from '@nestjs/common';
import { AdminArticleIdParamsSchema, type NewStoryReports } from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { StoryUpdatesService } from './story-updates.service.js';

/** The reports on published stories that came after publication, for the editors to update them from. */
@Controller('admin')
export class StoryUpdatesController {
  constructor(private readonly stories: StoryUpdatesService) {}

  @RequirePermission('articles.publish')
  @Get('stories/new-reports')
  list(): Promise<{ articleId: number; title: string; count: number }[]> {
    return this.stories.storiesWithNewReports();
  }

  @RequirePermission('articles.publish')
  @Get('articles/:id/new-reports')
  ofArticle(@Param(new ZodValidationPipe(AdminArticleIdParamsSchema)) params: { id: number }): Promise<NewStoryReports> {
    return this.stories.newReports(params.id);
  }
}
