import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';
import { ArticleSourceSchema } from './provenance.js';
import { WebLinkSchema } from './web-link.js';
import { articleContent } from './article-body-limits.schema.js';

/** Headers of every message between the product and the automation service, in both directions. */
export const AUTOMATION_TIMESTAMP_HEADER = 'x-ai-mind-timestamp';
export const AUTOMATION_SIGNATURE_HEADER = 'x-ai-mind-signature';

/** What the product POSTs to AUTOMATION_WEBHOOK_URL when an editor approves a topic. */
export const AutomationTopicSchema = z.object({
  approvedTopicId: z.number().int().positive().max(MAX_ROW_ID, 'is too large'),
  topic: z.string(),
  category: z.string(),
  sourceUrl: z.string().nullable(),
  approvedAt: z.string(),
  /**
   * The topic's frozen source set, numbered: the blog must cite them as [n] and state nothing they do
   * not. `text` is each page's extracted main text (or the feed summary when the page could not be had).
   */
  sources: z.array(
    ArticleSourceSchema.pick({ number: true, outlet: true, title: true, summary: true, link: true, publishedAt: true, fetchStatus: true, text: true }),
  ),
  /** Where to deliver the blog, when AUTOMATION_CALLBACK_URL is configured. */
  callbackUrl: z.string().nullable(),
});
export type AutomationTopic = z.infer<typeof AutomationTopicSchema>;

/** What the automation service POSTs back to /api/automation/blog: the generated blog for one approved topic. */
export const AutomationArticleSchema = z.object({
  approvedTopicId: z.number().int().positive().max(MAX_ROW_ID, 'is too large'),
  title: z.string().trim().min(1, 'Title is required').max(300),
  content: articleContent.trim().min(1, 'Content is required'),
  metaDescription: z.string().trim().max(320).optional(),
  aiCommentary: z.string().trim().max(5_000).nullable().optional(),
  sourceUrl: WebLinkSchema.nullable().optional(),
  /** The model that wrote it and the prompt's version, kept with the draft as generated. */
  model: z.string().trim().max(200).nullable().optional(),
  promptVersion: z.string().trim().max(50).nullable().optional(),
});
export type AutomationArticle = z.infer<typeof AutomationArticleSchema>;

export const AutomationArticleResponseSchema = z.object({
  message: z.string(),
  articleId: z.number().int(),
  status: z.string(),
});
export type AutomationArticleResponse = z.infer<typeof AutomationArticleResponseSchema>;
