import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import type { ImageRegenerateResult } from '../../queue/job-types.js';
import { Article } from '../articles/article.entity.js';
import { ArticlesCacheService } from '../articles/articles-cache.service.js';
import { coverArt, providerImage, type SourceImage } from './image-source.js';

/** The sizes written for each article: the page's and social previews' 1200 x 630 first (it is the imageUrl), then cards'. */
export const IMAGE_SIZES = [
  { width: 1200, height: 630 },
  { width: 600, height: 315 },
] as const;

/** Public URL prefix of the media folder (see registerMedia). */
export const MEDIA_URL_PREFIX = '/media/';

const VERSION = /^[a-z0-9-]{1,64}$/;

export function articleImageDir(mediaDir: string, articleId: number): string {
  return path.join(mediaDir, 'articles', String(articleId));
}

export function articleImageUrl(articleId: number, version: string, size: (typeof IMAGE_SIZES)[number] = IMAGE_SIZES[0]): string {
  return `${MEDIA_URL_PREFIX}articles/${articleId}/${version}-${size.width}x${size.height}.webp`;
}

/**
 * Makes an article's image: a photo from the configured provider, or local cover art, cut to every
 * size as WebP into media/articles/<id>/<version>-<w>x<h>.webp. The version names one regeneration
 * request, so a retried or restarted job rewrites the same files instead of adding new ones; once the
 * article points at the new version, every other file of the article's folder is removed.
 */
@Injectable()
export class ArticleImageService {
  private readonly logger = new Logger(ArticleImageService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `lastAttempt`: a provider failure on the job's last try falls back to cover art instead of failing. */
  async regenerate(articleId: number, version: string, lastAttempt = false): Promise<ImageRegenerateResult> {
    if (!VERSION.test(version)) throw new Error(`Invalid image version '${version}'`);
    const em = this.em.fork();
    const article = await em.findOne(Article, articleId);
    // Deleted since it was queued: nothing to do, and nothing to retry.
    if (!article) return { updated: false, imageUrl: null };

    const imageUrl = articleImageUrl(article.id, version);
    const dir = articleImageDir(this.config.mediaDir, article.id);
    if (article.imageUrl !== imageUrl) {
      const source = await this.source(article, lastAttempt);
      await this.writeSizes(dir, version, source);
      article.imageUrl = imageUrl;
      await em.flush();
      await this.cache.invalidate();
    }
    await this.removeOtherVersions(dir, version);
    return { updated: true, imageUrl };
  }

  private async source(article: Article, lastAttempt: boolean): Promise<SourceImage> {
    const provider = this.config.images.provider;
    if (!provider) return coverArt(article.title, article.category);
    try {
      return (await providerImage(provider, article.title, article.category)) ?? coverArt(article.title, article.category);
    } catch (error) {
      if (!lastAttempt) throw error;
      this.logger.warn({ err: error, articleId: article.id }, 'Image provider failed on the last try; using cover art');
      return coverArt(article.title, article.category);
    }
  }

  /** Each file is written under a temporary name and renamed, so a reader never gets half an image. */
  private async writeSizes(dir: string, version: string, source: SourceImage): Promise<void> {
    await fs.mkdir(dir, { recursive: true });
    const image = sharp(source.data, { limitInputPixels: 64_000_000 });
    for (const size of IMAGE_SIZES) {
      const data = await image
        .clone()
        .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82, effort: 3 })
        .toBuffer();
      const file = path.join(dir, `${version}-${size.width}x${size.height}.webp`);
      await fs.writeFile(`${file}.tmp`, data);
      await fs.rename(`${file}.tmp`, file);
    }
  }

  private async removeOtherVersions(dir: string, version: string): Promise<void> {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => !name.startsWith(`${version}-`)).map((name) => fs.rm(path.join(dir, name), { force: true })));
  }
}
