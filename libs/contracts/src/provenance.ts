import { SOURCE_MARKER_PATTERN } from './body-markers.js';
import { z } from './zod.js';

/**
 * How an article was made, as the API, the admin editor and the public page read it.
 *
 * - Sources. A trending topic keeps its cluster's feed items. Approving it freezes them, numbered from
 *   1, as the approved topic's source set (`topic_source` rows); each link's page is then fetched and
 *   its main text extracted and kept with its fetch time and a SHA-256 of the text. The article's
 *   sources are its approved topic's (`approved_topic.article_id`); an article written by hand, from
 *   the demo seed or in SQL has none, and says so (`sourcesKnown: false`).
 * - Generation. One record per article that a model or the automation service wrote: the engine, the
 *   model, the prompt version, and the draft exactly as generated, so how much editors changed can be
 *   measured against the revisions.
 * - Claims. Every factual sentence of the body, linked to the source passage that best supports it,
 *   with a score and flags. Checked again on every save (replacing the claims of the version before);
 *   a flagged claim stays open until an editor publishes over it, which records who and when.
 */

/** What became of one source's page. */
export const SOURCE_FETCH_STATUSES = [
  /** Frozen, its page not fetched yet. */
  'pending',
  /** The page was fetched and its main text extracted. */
  'fetched',
  /** Offline: the text is the page bundled with the product's feed snapshot. */
  'bundled',
  /** No page to fetch (no link, or offline without a bundled page): the feed item's summary is the text. */
  'feed_only',
  /** Refused before connecting: not http(s), or the name resolves to a private, loopback or link-local address. */
  'blocked',
  /** The page could not be had: HTTP error, timeout, over the size limit, or no readable text. */
  'failed',
] as const;
export const SourceFetchStatusSchema = z.enum(SOURCE_FETCH_STATUSES);
export type SourceFetchStatus = z.infer<typeof SourceFetchStatusSchema>;

/** One source of an article, numbered as the body's reference markers ([1], [2]) name it. */
export const ArticleSourceSchema = z.object({
  number: z.number().int().positive(),
  outlet: z.string(),
  title: z.string(),
  summary: z.string(),
  link: z.string().nullable(),
  publishedAt: z.string().nullable(),
  fetchStatus: SourceFetchStatusSchema,
  /** Why the page could not be had (blocked or failed), for the editor. */
  fetchError: z.string().nullable(),
  fetchedAt: z.string().nullable(),
  /** SHA-256 (hex) of `text`, null until there is one. */
  contentHash: z.string().nullable(),
  /** The page's extracted main text (or the feed summary when feed_only). Admin only: the public shape omits it. */
  text: z.string().nullable(),
});
export type ArticleSource = z.infer<typeof ArticleSourceSchema>;

/** What a reader may see of a source: everything but the fetched text. */
export const PublicArticleSourceSchema = ArticleSourceSchema.omit({ text: true, fetchError: true });
export type PublicArticleSource = z.infer<typeof PublicArticleSourceSchema>;

export const GENERATION_ENGINES = ['offline', 'openai-compatible', 'automation'] as const;
export const GenerationEngineSchema = z.enum(GENERATION_ENGINES);
export type GenerationEngine = z.infer<typeof GenerationEngineSchema>;

/** Who wrote the first draft, with what, and what exactly it wrote. */
export const ArticleGenerationSchema = z.object({
  engine: GenerationEngineSchema,
  /** The model's name (openai-compatible), the automation service's, or null offline. */
  model: z.string().nullable(),
  /** The version of the blog prompt (`ARTICLE_PROMPT_VERSION`), or what the automation service reported. */
  promptVersion: z.string().nullable(),
  generatedAt: z.string(),
  /** How many sources the writer was given. */
  sourceCount: z.number().int().nonnegative(),
  draftTitle: z.string(),
  /** The body as generated, before any editor's change (sanitized like every body). */
  draftHtml: z.string(),
});
export type ArticleGeneration = z.infer<typeof ArticleGenerationSchema>;

export const CLAIM_FLAGS = [
  /** No source sentence supports it well enough. */
  'unsupported',
  /** A number in the sentence is not in its best supporting passage. */
  'number_mismatch',
  /** A name in the sentence is not in its best supporting passage. */
  'name_mismatch',
] as const;
export const ClaimFlagSchema = z.enum(CLAIM_FLAGS);
export type ClaimFlag = z.infer<typeof ClaimFlagSchema>;

/** One factual sentence of the body and what supports it. */
export const ArticleClaimSchema = z.object({
  id: z.number().int(),
  /** Order in the body, from 0. */
  position: z.number().int().nonnegative(),
  sentence: z.string(),
  /** The source of the best supporting passage, or null when no source shares its words. */
  sourceNumber: z.number().int().positive().nullable(),
  passage: z.string().nullable(),
  /** BM25 score of the passage for the sentence, normalised to 0..1 (1: every word of the sentence is in it). */
  score: z.number(),
  flags: z.array(ClaimFlagSchema),
  /** The editor who published over this claim's flags, and when. */
  overriddenBy: z.string().nullable(),
  overriddenAt: z.string().nullable(),
});
export type ArticleClaim = z.infer<typeof ArticleClaimSchema>;

/** The claims of the article's body as of its last check. */
export const ClaimCheckSchema = z.object({
  /** The article version the check read. */
  articleVersion: z.number().int(),
  checkedAt: z.string(),
  total: z.number().int().nonnegative(),
  /** Claims with at least one flag. */
  flagged: z.number().int().nonnegative(),
  /** Flagged claims an editor published over. */
  overridden: z.number().int().nonnegative(),
  /** Flagged and not overridden: publishing needs an explicit override while this is above 0. */
  open: z.number().int().nonnegative(),
  claims: z.array(ArticleClaimSchema),
});
export type ClaimCheck = z.infer<typeof ClaimCheckSchema>;

/** Everything known of how one article was made (`GET /api/admin/articles/:id/provenance`). */
export const ArticleProvenanceSchema = z.object({
  articleId: z.number().int(),
  /** False for an article with no approved topic behind it (written by hand, the demo seed, SQL). */
  sourcesKnown: z.boolean(),
  approvedTopic: z
    .object({
      id: z.number().int(),
      topic: z.string(),
      approvedBy: z.string(),
      approvedAt: z.string(),
      /** Approved as single-source (fewer independent outlets than required), with the editor's note. */
      singleSource: z.boolean(),
      singleSourceNote: z.string().nullable(),
      /** The independent outlets counted at approval (null: approved before they were counted). */
      independentOutlets: z.number().int().nullable(),
    })
    .nullable(),
  sources: z.array(ArticleSourceSchema),
  /** Null when no model or automation service wrote it (or it predates generation records). */
  generation: ArticleGenerationSchema.nullable(),
  /** Null until the body was first checked. */
  claims: ClaimCheckSchema.nullable(),
});
export type ArticleProvenance = z.infer<typeof ArticleProvenanceSchema>;

/** The sources of an approved topic, as the Blog Workflow lists them (`GET /api/admin/approved-topics/:id/sources`). */
export const ApprovedTopicSourcesSchema = z.object({
  approvedTopicId: z.number().int(),
  sources: z.array(ArticleSourceSchema),
});
export type ApprovedTopicSources = z.infer<typeof ApprovedTopicSourcesSchema>;

/**
 * Publishing a draft with open flags: `overrideClaims: true` says the editor read them and vouches for
 * the article anyway. Without it such a publish is a 409 naming the open claims.
 */
export const OPEN_CLAIMS_MESSAGE_PREFIX = 'This draft has claims no source supports';

export { COMMENTARY_HEADING, SOURCE_MARKER_PATTERN } from './body-markers.js';

/** The source numbers a body cites, each once, in order of first citation. */
export function citedSourceNumbers(text: string): number[] {
  return [...new Set([...text.matchAll(SOURCE_MARKER_PATTERN)].map((match) => Number(match[1])))];
}
