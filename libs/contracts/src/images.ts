/** An article image of the 1200 x 630 size, whose 600 x 315 sibling sits beside it under the same version. */
const LARGE_ARTICLE_IMAGE = /-1200x630\.webp$/;

/**
 * The `srcset` of an article image: both stored sizes when the image is one the media module wrote,
 * else undefined (a cover or an external image has one size). The server's preload and the page's
 * <img> use the same value, so the browser reuses the preloaded file.
 */
export function articleImageSrcSet(imageUrl: string | null | undefined): string | undefined {
  if (!imageUrl || !LARGE_ARTICLE_IMAGE.test(imageUrl)) return undefined;
  return `${imageUrl.replace(LARGE_ARTICLE_IMAGE, '-600x315.webp')} 600w, ${imageUrl} 1200w`;
}

/** How wide an article card's image is drawn: one, two or three cards a row (the feed's grid). */
export const CARD_IMAGE_SIZES = '(min-width: 75em) 25vw, (min-width: 48em) 40vw, 100vw';
/** How wide the article page's image is drawn: the column's 820 px at most. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 52em) 820px, 100vw';
