import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  MergeStoriesRequestSchema,
  SplitStoryRequestSchema,
  StoryIdParamsSchema,
  UpdateStoryRequestSchema,
  type AdminStory,
  type MergeStoriesRequest,
  type SplitStoryRequest,
  type UpdateStoryRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { StoryCommands } from './story-commands.js';
import { StoryReads } from './story-reads.js';

/**
 * Editors' Stories view: the stories with their articles and counts, merging two, splitting an article
 * out, settling one. Changing what readers see of a story is publishing, so it takes the permission to
 * publish; every call is in the audit log (the access gate writes it, with the story's id).
 */
@Controller('admin/stories')
export class StoriesAdminController {
  constructor(
    private readonly reads: StoryReads,
    private readonly commands: StoryCommands,
  ) {}

  @RequirePermission('articles.publish')
  @Get()
  list(): Promise<AdminStory[]> {
    return this.reads.adminStories();
  }

  @RequirePermission('articles.publish')
  @Post(':id/merge')
  @HttpCode(200)
  async merge(
    @Param(new ZodValidationPipe(StoryIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(MergeStoriesRequestSchema)) body: MergeStoriesRequest,
  ): Promise<AdminStory> {
    return this.one(await this.commands.merge(params.id, body.intoStoryId));
  }

  @RequirePermission('articles.publish')
  @Post(':id/split')
  @HttpCode(200)
  async split(
    @Param(new ZodValidationPipe(StoryIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(SplitStoryRequestSchema)) body: SplitStoryRequest,
  ): Promise<AdminStory> {
    return this.one(await this.commands.split(params.id, body.articleId, body.title));
  }

  @RequirePermission('articles.publish')
  @Put(':id/status')
  @HttpCode(200)
  async setStatus(
    @Param(new ZodValidationPipe(StoryIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(UpdateStoryRequestSchema)) body: UpdateStoryRequest,
  ): Promise<AdminStory> {
    await this.commands.setStatus(params.id, body.status);
    return this.one(params.id);
  }

  private async one(id: number): Promise<AdminStory> {
    const [story] = await this.reads.adminStories([id]);
    return story!;
  }
}
