import { Image, type ImageProps } from '@mantine/core';
import { articleImageSrcSet, DEFAULT_SOCIAL_IMAGE_PATH } from '@ai-mind/contracts/web';

/**
 * Shown when an article has no image or its image fails to load: the site's own cover (the social
 * image of pages without one), served with the page, so no reader's browser contacts a third party
 * for it and the page's first paint shares no connection setup with another origin.
 */
export const FALLBACK_IMAGE = DEFAULT_SOCIAL_IMAGE_PATH;

interface ArticleImageProps extends Omit<ImageProps, 'src'> {
  src: string | null;
  alt: string;
  /** How wide the image is drawn (the `sizes` attribute), so the browser picks the smaller file where it fits. */
  sizes: string;
  /** The page's largest image at the top: fetched first. Other images wait until they near the viewport. */
  priority?: boolean;
}

/** An article image that switches to the stock photo once, on a load error. */
export function ArticleImage({ src, alt, sizes, priority = false, ...props }: ArticleImageProps) {
  const srcSet = articleImageSrcSet(src);
  return (
    <Image
      {...props}
      src={src || FALLBACK_IMAGE}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={(event) => {
        if (event.currentTarget.getAttribute('src') !== FALLBACK_IMAGE) {
          event.currentTarget.removeAttribute('srcset');
          event.currentTarget.src = FALLBACK_IMAGE;
        }
      }}
    />
  );
}
