import { HttpException, Injectable } from '@nestjs/common';
import {
  ArticleIdParamsSchema,
  ArticleListQuerySchema,
  ArticleSlugParamsSchema,
  type Comment as CommentDto,
  type PublicArticle,
  type PublicArticlePage,
  type PublicPageReads,
  StorySlugParamsSchema,
} from '@ai-mind/contracts';
import { parseRequest } from '../../common/zod-validation.pipe.js';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { ArticlesService } from '../articles/index.js';
import { CommentsService, toCommentDto } from '../comments/index.js';
import { NEWSROOM_CACHE_KEY, NewsroomService } from '../newsroom/index.js';
import { StoryReads, storyCacheKey, storyKeys } from '../stories/index.js';

/** The status the endpoint would answer for an error its service or its validation throws (null for a failure). */
const statusOf = (error: unknown) => (error instanceof HttpException ? error.getStatus() : null);

/**
 * The public page's reads, answered in process: each makes the service call the endpoint beside it
 * in PublicPageReads makes (ArticlesController, CommentsController, CorrectionsController), after the
 * same request validation, and so reads the same caches and shows only what that endpoint shows. The
 * render used to ask those endpoints through Fastify's inject: a second trip through the HTTP stack
 * per query, whose prepared answers and headers a page render never needed.
 */
@Injectable()
export class PublicPageReadsService {
  constructor(
    private readonly articles: ArticlesService,
    private readonly comments: CommentsService,
    private readonly newsroom: NewsroomService,
    private readonly stories: StoryReads,
  ) {}

  /**
   * The reads of one render. `keys` collects the surrogate keys of every answer read, as the
   * endpoints' answers name them: what the page shows, so that a change to any of it purges the page.
   */
  forRender(keys: Set<string>): PublicPageReads {
    const shows = (read: Iterable<string>) => {
      for (const key of read) keys.add(key);
    };
    return {
      articleBySlug: async (slug): Promise<PublicArticle | null> => {
        try {
          const params = parseRequest(ArticleSlugParamsSchema, { slug });
          const { json, keys: read } = await this.articles.renderPublishedArticle(params.slug);
          shows(read);
          return JSON.parse(json.body.toString('utf8')) as PublicArticle;
        } catch (error) {
          if (statusOf(error) === 404) return null;
          throw error;
        }
      },
      articlePage: async (filter, cursor): Promise<PublicArticlePage> => {
        // As the site's own request leaves an empty filter or cursor out of the address.
        const asked = { approved: 'true', category: filter.category || undefined, search: filter.search || undefined, cursor: cursor || undefined };
        try {
          const query = parseRequest(ArticleListQuerySchema, asked);
          const page = await this.articles.renderPublishedList(query);
          shows(page.keys);
          return { items: JSON.parse(page.json.body.toString('utf8')) as PublicArticlePage['items'], nextCursor: page.nextCursor };
        } catch (error) {
          const status = statusOf(error);
          if ((asked.category && status === 404) || (asked.cursor && status === 400)) return { items: [], nextCursor: null, missing: true };
          throw error;
        }
      },
      comments: async (articleId): Promise<CommentDto[]> => {
        // Never kept by a shared cache (the endpoint answers no-store): it names no key.
        const params = parseRequest(ArticleIdParamsSchema, { id: String(articleId) });
        return (await this.comments.list(params.id)).map(toCommentDto);
      },
      corrections: async () => {
        const entries = await this.articles.corrections();
        shows([cacheKeys.corrections]);
        return entries;
      },
      newsroomPage: async (key) => {
        const page = await this.newsroom.publicPage(key);
        shows([NEWSROOM_CACHE_KEY]);
        return page;
      },
      storyBySlug: async (slug) => {
        // A slug the endpoint's validation refuses is no story (its 400 would be the page's 404).
        const parsed = StorySlugParamsSchema.safeParse({ slug });
        if (!parsed.success) return null;
        const story = await this.stories.publicStory(parsed.data.slug);
        if (story) shows(storyKeys(story));
        return story;
      },
      articleStory: async (articleId) => {
        const { story, storyId } = await this.stories.articleStory(articleId);
        shows([cacheKeys.article(articleId), ...(storyId ? [storyCacheKey(storyId)] : [])]);
        return { story };
      },
    };
  }
}
