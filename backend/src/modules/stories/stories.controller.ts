import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ArticleIdParamsSchema, StorySlugParamsSchema, type ArticleStory, type PublicStory } from '@ai-mind/contracts';
import { Cacheable } from '../../common/cacheable.js';
import { PUBLIC_CACHE_CONTROL } from '../../common/http-cache.js';
import { Public } from '../../common/route-access.js';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { storyCacheKey } from './stories.sql.js';
import { StoryReads } from './story-reads.js';

/** The keys a story's answer names: the story, and each of its articles (an article's edit changes its title there). */
export const storyKeys = (story: Pick<PublicStory, 'id' | 'articles'>) => [storyCacheKey(story.id), ...story.articles.map((a) => cacheKeys.article(a.id))];

/** Readers' reads of stories: cached like an article's page, purged by the stories' triggers. */
@Controller()
export class StoriesController {
  constructor(private readonly stories: StoryReads) {}

  @Public()
  @Get('stories/:slug')
  @Cacheable<PublicStory>({ cacheControl: PUBLIC_CACHE_CONTROL, keys: storyKeys })
  async story(@Param(new ZodValidationPipe(StorySlugParamsSchema)) params: { slug: string }): Promise<PublicStory> {
    const story = await this.stories.publicStory(params.slug);
    if (!story) throw new NotFoundException({ error: 'Not Found', message: `No story ${params.slug}` });
    return story;
  }

  /** The story a published article belongs to (its page links to it); `story` null when none. */
  @Public()
  @Get('articles/:id/story')
  @Cacheable<ArticleStory & { storyId: number | null }>({
    cacheControl: PUBLIC_CACHE_CONTROL,
    keys: (answer, request) => [cacheKeys.article(Number((request.params as { id: string }).id)), ...(answer.storyId ? [storyCacheKey(answer.storyId)] : [])],
  })
  async articleStory(@Param(new ZodValidationPipe(ArticleIdParamsSchema)) params: { id: number }): Promise<ArticleStory> {
    const { story } = await this.stories.articleStory(params.id);
    return { story };
  }
}
