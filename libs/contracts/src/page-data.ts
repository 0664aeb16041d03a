import type { FormFlash } from './page-forms.js';

/** The id of the `<script type="application/json">` element that carries a page's first data. */
export const PAGE_DATA_ELEMENT_ID = 'ai-mind-page-data';

/**
 * What a server-rendered public page was rendered with, written into the page's HTML (as JSON, never
 * as a script to run) so the client hydrates the same tree without an API round trip.
 */
export interface PageData {
  /** TanStack Query's dehydrated state (`dehydrate(queryClient)`) of the queries the server fetched. */
  queries: unknown;
  /** The outcome of the form the reader posted without the page's scripts (pages rendered for that request only). */
  flash?: FormFlash;
  /** Article images the server knows are missing (a local file that is not there): rendered as the fallback. */
  missingImages?: string[];
  /**
   * The proof a page view of this page sends (a page the server served, with status 200): signed over
   * the page's path and the hour it was issued, so one cached page serves every reader of the hour.
   */
  viewToken?: string;
  /**
   * False when the site is no ActivityPub actor (FEDIVERSE_ENABLED=false): the head then names no actor
   * and no object, which would lead to 404s. Absent means true.
   */
  activityPub?: false;
}

/** The longest page-view token accepted. */
export const PAGE_VIEW_TOKEN_MAX = 100;
