// The article contracts' plain values, without zod, for the public site's bundle.

/** One page of the public list when no `limit` is given; a multiple of 3 so ad rows stay whole. */
export const ARTICLE_PAGE_SIZE = 12;
export const ARTICLE_PAGE_SIZE_MAX = 50;
/** The list answers with a plain array; the next page's cursor travels in this header (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
