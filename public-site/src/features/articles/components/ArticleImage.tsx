import { Image, type ImageProps } from '@mantine/core';

/** Shown when an article has no image or its image fails to load. */
export const FALLBACK_IMAGE = 'https://images.unsplash.com/photo-1504711434969-e33886168f5c?w=1200&q=80';

/** An article image that switches to the stock photo once, on a load error. */
export function ArticleImage({ src, alt, ...props }: Omit<ImageProps, 'src'> & { src: string | null; alt: string }) {
  return (
    <Image
      {...props}
      src={src || FALLBACK_IMAGE}
      alt={alt}
      onError={(event) => {
        if (event.currentTarget.src !== FALLBACK_IMAGE) event.currentTarget.src = FALLBACK_IMAGE;
      }}
    />
  );
}
