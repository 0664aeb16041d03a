import { Image, type ImageProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { articleImageSrcSet, DEFAULT_SOCIAL_IMAGE_PATH } from '@ai-mind/contracts/web';
import { useImageKnownMissing } from '../../../app/page-state';

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

/**
 * An article image that shows the stock photo instead when the image cannot be shown, whenever that
 * is found out: by the server (a file it knows is missing: rendered as the fallback), by a load error
 * that fired before the scripts ran (the event is gone, the element says it: complete, no pixels),
 * or by a load error afterwards.
 */
export function ArticleImage({ src, alt, sizes, priority = false, ...props }: ArticleImageProps) {
  const knownMissing = useImageKnownMissing(src);
  // The image that failed (a page may show another article's image in the same element later).
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const broken = !src || knownMissing || failed === src;
  useEffect(() => {
    const image = ref.current;
    if (!broken && image?.complete && image.naturalWidth === 0) setFailed(src);
  }, [broken, src]);
  const srcSet = broken ? undefined : articleImageSrcSet(src);
  return (
    <Image
      {...props}
      ref={ref}
      src={broken ? FALLBACK_IMAGE : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => {
        if (!broken) setFailed(src);
      }}
    />
  );
}
