import type { Article, ArticleSummary } from './articles.js';

/** The id of the `<script type="application/json">` element that carries a page's first data. */
export const PAGE_DATA_ELEMENT_ID = 'ai-mind-page-data';

/**
 * What a public page shows first, written by the server into the page's HTML (as JSON, never as a
 * script to run) so the page renders without waiting for an API round trip.
 */
export interface PageData {
  /** The home page's first page of articles and the cursor of the next. */
  articles?: { items: ArticleSummary[]; nextCursor: string | null };
  /** The article page's article. */
  article?: Article;
}
