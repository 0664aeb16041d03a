import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';
import { SLUG_PATTERN } from './articles.constants.js';

/**
 * Stories (docs/stories.md): the articles on one news event, their update and correction notes, and
 * the reports that arrived on it, as one timeline. The page's meta and JSON-LD are in story-meta.ts
 * (no zod, for the public site's bundle).
 */

export const STORY_STATUSES = ['developing', 'settled'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/** The longest title an editor may give a story. */
export const STORY_TITLE_MAX_CHARS = 300;

const storyId = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`)
    .max(MAX_ROW_ID, `${what} is too large`);

export const StorySlugParamsSchema = z.object({
  slug: z.string().max(200, 'must be at most 200 characters').regex(SLUG_PATTERN, 'must be a lowercase slug'),
});
export const StoryIdParamsSchema = z.object({ id: storyId('story id') });
export const StoryArticleIdParamsSchema = z.object({ id: storyId('article id') });

/** An article as a story names it. */
export const StoryArticleRefSchema = z.object({ id: z.number().int(), title: z.string(), slug: z.string(), category: z.string() });
export type StoryArticleRef = z.infer<typeof StoryArticleRefSchema>;

/**
 * What changed in an article's text between two of its published versions, for a reader: the title,
 * and the paragraphs added, removed or changed, each as a short excerpt (a changed paragraph by the
 * words that changed). `summary` says it in one line ("1 paragraph added, 1 changed").
 */
export const StoryChangeSchema = z.object({
  summary: z.string(),
  title: z.object({ before: z.string(), after: z.string() }).nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.object({ before: z.string(), after: z.string() })),
});
export type StoryChange = z.infer<typeof StoryChangeSchema>;

export const StoryReportRefSchema = z.object({ outlet: z.string(), title: z.string(), link: z.string().nullable() });
export type StoryReportRef = z.infer<typeof StoryReportRefSchema>;

/** One moment of a story's timeline. */
export const StoryTimelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('published'), at: z.string(), article: StoryArticleRefSchema }),
  z.object({
    kind: z.enum(['update', 'correction']),
    at: z.string(),
    article: StoryArticleRefSchema,
    note: z.string(),
    /** What the article's text changed since its version before (null when its text did not change). */
    changes: StoryChangeSchema.nullable(),
  }),
  /** The reports that arrived with one trending refresh (or the ones the story was approved on). */
  z.object({ kind: z.literal('reports'), at: z.string(), atApproval: z.boolean(), reports: z.array(StoryReportRefSchema) }),
]);
export type StoryTimelineEntry = z.infer<typeof StoryTimelineEntrySchema>;

/** A story's public page: its published articles and its timeline, newest first. */
export const PublicStorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(STORY_STATUSES),
  startedAt: z.string(),
  lastUpdatedAt: z.string(),
  articles: z.array(StoryArticleRefSchema.extend({ publishedAt: z.string() })),
  /** The moments after the story's first publication: other articles, update and correction notes. */
  updateCount: z.number().int(),
  timeline: z.array(StoryTimelineEntrySchema),
});
export type PublicStory = z.infer<typeof PublicStorySchema>;

/** The story a published article belongs to, as its page links to it (null: none, or nothing to show yet). */
export const ArticleStorySchema = z.object({ story: z.object({ slug: z.string(), title: z.string(), updateCount: z.number().int() }).nullable() });
export type ArticleStory = z.infer<typeof ArticleStorySchema>;

/** A story in the admin's Stories view. */
export const AdminStorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(STORY_STATUSES),
  createdAt: z.string(),
  articles: z.array(StoryArticleRefSchema.extend({ published: z.boolean() })),
  updateCount: z.number().int(),
  /** Reports that arrived after the approval. */
  newReportCount: z.number().int(),
});
export type AdminStory = z.infer<typeof AdminStorySchema>;

/** Merges the story of the address into `intoStoryId`: its articles, events and reports move there, and it is removed. */
export const MergeStoriesRequestSchema = z.object({ intoStoryId: storyId('intoStoryId') });
export type MergeStoriesRequest = z.infer<typeof MergeStoriesRequestSchema>;

/** Moves one article of the story of the address into a new story of its own, titled `title` (the article's title when left out). */
export const SplitStoryRequestSchema = z.object({
  articleId: storyId('articleId'),
  title: z
    .string('must be text')
    .trim()
    .min(1, 'must not be empty')
    .max(STORY_TITLE_MAX_CHARS, `must be at most ${STORY_TITLE_MAX_CHARS} characters`)
    .optional(),
});
export type SplitStoryRequest = z.infer<typeof SplitStoryRequestSchema>;

/** An editor marks a story settled (its page stops being a live blog) or developing again. */
export const UpdateStoryRequestSchema = z.object({ status: z.enum(STORY_STATUSES, `must be one of ${STORY_STATUSES.join(', ')}`) });
export type UpdateStoryRequest = z.infer<typeof UpdateStoryRequestSchema>;
