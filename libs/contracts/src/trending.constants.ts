// The trending feed's sizes, without zod, for the public site's bundle.

/** How many topics the public feed shows; the first TRENDING_FLAME_COUNT carry a flame. */
export const TRENDING_FEED_SIZE = 8;
export const TRENDING_FLAME_COUNT = 3;
