import { Injectable, Logger } from '@nestjs/common';
import path from 'node:path';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import type { ImageRegenerateResult } from '../../queue/job-types.js';
import { ArticleCommands, ArticleReads, type ArticleRow } from '../articles/index.js';
import { coverArt, providerImage, type SourceImage } from './image-source.js';
import { createImageStore, type ImageStore } from './image-store.js';
import { digitalSourceTypeOf, provenanceXmp } from './provenance.js';

/** The sizes written for each article: the page's and social previews' 1200 x 630 first (it is the imageUrl), then cards'. */
export const IMAGE_SIZES = [
  { width: 1200, height: 630 },
  { width: 600, height: 315 },
] as const;

const VERSION = /^[a-z0-9-]{1,64}$/;

let sharpModule: Promise<typeof import('sharp').default> | undefined;

/**
 * libvips (about 25 MB resident) is loaded by the first image a worker makes, never by the API, which
 * imports this service only to queue jobs. Its process-wide settings: `threads` per image instead of
 * one per host core, and no operation cache (every image is new; the cache only held memory).
 */
function loadSharp(threads: number): Promise<typeof import('sharp').default> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(threads);
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

export function articleImageDir(mediaDir: string, articleId: number): string {
  return path.join(mediaDir, 'articles', String(articleId));
}

/** The store key of one size of one version of an article's image. */
export function articleImageKey(articleId: number, version: string, size: (typeof IMAGE_SIZES)[number] = IMAGE_SIZES[0]): string {
  return `articles/${articleId}/${version}-${size.width}x${size.height}.webp`;
}

/**
 * Makes an article's image: a photo from the configured provider, or local cover art, cut to every
 * size as WebP into articles/<id>/<version>-<w>x<h>.webp of the image store (the media folder, or an
 * S3 bucket). The version names one regeneration request, so a retried or restarted job rewrites the
 * same files instead of adding new ones; once the article points at the new version, every other file
 * of the article is removed.
 */
@Injectable()
export class ArticleImageService {
  private readonly logger = new Logger(ArticleImageService.name);
  private readonly store: ImageStore;

  constructor(
    private readonly articles: ArticleReads,
    private readonly commands: ArticleCommands,
    @InjectConfig('images') private readonly config: ConfigSlice<'images'>,
  ) {
    this.store = createImageStore(config);
  }

  /** `lastAttempt`: a provider failure on the job's last try falls back to cover art instead of failing. */
  async regenerate(articleId: number, version: string, lastAttempt = false): Promise<ImageRegenerateResult> {
    if (!VERSION.test(version)) throw new Error(`Invalid image version '${version}'`);
    const article = await this.articles.findById(articleId);
    // Deleted since it was queued: nothing to do, and nothing to retry.
    if (!article) return { updated: false, imageUrl: null };

    const imageUrl = this.store.url(articleImageKey(article.id, version));
    if (article.image_url !== imageUrl) {
      const source = await this.source(article, lastAttempt);
      await this.writeSizes(article, version, source);
      // Only the image column: what an editor changed while the image was made stays as they left it.
      if (!(await this.commands.setImage(article.id, imageUrl, 'job:image-regenerate'))) return { updated: false, imageUrl: null };
    }
    await this.removeOtherVersions(article.id, version);
    return { updated: true, imageUrl };
  }

  private async source(article: ArticleRow, lastAttempt: boolean): Promise<SourceImage> {
    const provider = this.config.provider;
    if (!provider) return coverArt(article.title, article.category);
    try {
      return (await providerImage(provider, article.title, article.category)) ?? coverArt(article.title, article.category);
    } catch (error) {
      if (!lastAttempt) throw error;
      this.logger.warn({ err: error, articleId: article.id }, 'Image provider failed on the last try; using cover art');
      return coverArt(article.title, article.category);
    }
  }

  /**
   * Every size of a generated image carries its provenance in XMP (IPTC DigitalSourceType, see
   * provenance.ts); sharp strips the source's own metadata, so a provider's photo leaves with none.
   */
  private async writeSizes(article: ArticleRow, version: string, source: SourceImage): Promise<void> {
    const sharp = await loadSharp(this.config.threads);
    const image = sharp(source.data, { limitInputPixels: 64_000_000 });
    const sourceType = digitalSourceTypeOf(source.origin);
    const xmp = sourceType && provenanceXmp(sourceType, { title: article.title });
    for (const size of IMAGE_SIZES) {
      const resized = image.clone().resize(size.width, size.height, { fit: 'cover', position: 'attention' }).webp({ quality: 82, effort: 3 });
      const data = await (xmp ? resized.withXmp(xmp) : resized).toBuffer();
      await this.store.put(articleImageKey(article.id, version, size), data, 'image/webp');
    }
  }

  private async removeOtherVersions(articleId: number, version: string): Promise<void> {
    const prefix = `articles/${articleId}/`;
    const keys = await this.store.list(prefix);
    await Promise.all(keys.filter((key) => !key.startsWith(`${prefix}${version}-`)).map((key) => this.store.remove(key)));
  }
}
