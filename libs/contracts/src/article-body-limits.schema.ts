import { z } from './zod.js';
import {
  ARTICLE_CONTENT_MAX_LENGTH,
  ARTICLE_CONTENT_TOO_DEEP_MESSAGE,
  ARTICLE_CONTENT_TOO_LONG_MESSAGE,
  articleNestingAllowed,
} from './article-body-limits.js';

/** An article body as every call that writes one takes it: ARTICLE_CONTENT_MAX_LENGTH characters at most, nested ARTICLE_CONTENT_MAX_DEPTH deep at most. */
export const articleContent = z
  .string()
  .max(ARTICLE_CONTENT_MAX_LENGTH, ARTICLE_CONTENT_TOO_LONG_MESSAGE)
  // A body already too long is not read for its depth.
  .refine((html) => html.length > ARTICLE_CONTENT_MAX_LENGTH || articleNestingAllowed(html), ARTICLE_CONTENT_TOO_DEEP_MESSAGE);
