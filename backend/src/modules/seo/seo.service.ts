import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import {
  DEFAULT_SOCIAL_IMAGE_PATH,
  ARTICLE_IMAGE_SIZES,
  CARD_IMAGE_SIZES,
  SITE_DESCRIPTION,
  SITE_NAME,
  SLUG_PATTERN,
  STATIC_PAGES,
  absoluteUrl,
  articleCanonicalPath,
  articleImageSrcSet,
  articleMeta,
  articleNotFoundMeta,
  categoryCanonicalPath,
  categoryMeta,
  excerpt,
  headElements,
  homeMeta,
  notFoundMeta,
  staticPageMeta,
  type PageData,
  type PageMeta,
  type StaticPagePath,
} from '@ai-mind/contracts';
import { Inject } from '@nestjs/common';
import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { renderCoverSvg } from '../media/cover-art.js';
import { toArticleDto } from '../articles/article-row.js';
import { ArticlesCacheService } from '../articles/articles-cache.service.js';
import { ArticleStore } from '../articles/article.store.js';
import { ArticlesService } from '../articles/articles.service.js';
import { renderFirstView } from './first-view.js';
import { renderHeadElements, renderImagePreload, renderPageData, xmlText } from './markup.js';
import { SitemapSnapshotService, sitemapArticleUrls } from './sitemap-snapshot.service.js';

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;
export const RSS_ITEM_COUNT = 50;

const ARTICLE_PATH = /^\/(?:[^/]+\/)?article\/([^/]+)\/?$/;
const CATEGORY_PATH = /^\/category\/([^/]+)\/?$/;

export interface RenderedPage {
  status: 200 | 404;
  /** Head elements to write into the shell's HTML, or null to leave it untouched (the admin app). */
  head: string | null;
  /** The visible top of the page as HTML for the shell's root element, where the server has its data. */
  firstView: string | null;
}

/** A public page's metadata and the data it shows first. */
interface PublicPage {
  meta: PageMeta;
  data: PageData | null;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The preload of the image a page shows largest at the top: the article's, or the newest card's. */
function heroImagePreload(data: PageData): string[] {
  const [url, sizes] = data.article ? [data.article.imageUrl, ARTICLE_IMAGE_SIZES] : [data.articles?.items[0]?.imageUrl, CARD_IMAGE_SIZES];
  return url ? [renderImagePreload(url, articleImageSrcSet(url), sizes)] : [];
}

/**
 * What crawlers and link previews see without running JavaScript: each page's head elements in the
 * HTML, the sitemap, robots.txt and the RSS feed. Built from the same metadata the site applies on
 * the client, and cached with the article lists, so publishing, editing or deleting refreshes them.
 */
@Injectable()
export class SeoService implements OnModuleInit {
  private readonly logger = new Logger(SeoService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticlesService,
    private readonly store: ArticleStore,
    private readonly cache: ArticlesCacheService,
    private readonly snapshots: SitemapSnapshotService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The social image of pages without one of their own. */
  async onModuleInit(): Promise<void> {
    const file = path.join(this.config.mediaDir, DEFAULT_SOCIAL_IMAGE_PATH.replace(/^\/media\//, ''));
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, renderCoverSvg(SITE_NAME, 'Technology'), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') this.logger.warn({ err: error }, 'Could not write the default social image');
    }
  }

  /**
   * A public URL's metadata and, for the home and article pages, the data they show first (read
   * through the same cached paths as the API), or null for paths that are not public pages.
   */
  private async publicPage(pathname: string, query: URLSearchParams, origin: string): Promise<PublicPage | null> {
    if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
    if (pathname === '/') {
      const search = query.get('search')?.trim() || undefined;
      // A search's results are left to the client: a bot-sized query should not cost a render.
      // Page rendering runs outside Nest's request context: give the read a context of its own.
      const data = search ? null : { articles: await RequestContext.create(this.em, () => this.articles.listPublished({})) };
      return { meta: homeMeta(origin, search), data };
    }
    const normalised = pathname.replace(/\/+$/, '');
    if (normalised in STATIC_PAGES) return { meta: staticPageMeta(normalised as StaticPagePath), data: null };
    const article = ARTICLE_PATH.exec(pathname);
    if (article) {
      const slug = decodeSegment(article[1]!);
      const found = slug && SLUG_PATTERN.test(slug) ? await this.articles.findPublishedBySlugOrNull(slug) : null;
      if (!found) return { meta: articleNotFoundMeta(pathname), data: null };
      const dto = toArticleDto(found);
      return { meta: articleMeta(dto, origin), data: { article: dto } };
    }
    const category = CATEGORY_PATH.exec(pathname);
    if (category) {
      const name = decodeSegment(category[1]!)?.trim();
      if (name) return { meta: categoryMeta(name), data: null };
    }
    return { meta: notFoundMeta(pathname), data: null };
  }

  async renderPage(pathname: string, query: URLSearchParams, origin: string): Promise<RenderedPage> {
    const page = await this.publicPage(pathname, query, origin);
    if (!page) return { status: 200, head: null, firstView: null };
    const head = [renderHeadElements(headElements(page.meta, origin))];
    if (page.data) head.push(...heroImagePreload(page.data), renderPageData(page.data));
    return { status: page.meta.status, head: head.join('\n    '), firstView: page.data ? renderFirstView(page.data) : null };
  }

  robotsTxt(origin: string): string {
    return ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${absoluteUrl('/sitemap.xml', origin)}`, ''].join('\n');
  }

  /** Home, the static pages, every category with published articles and every published article. */
  sitemapXml(origin: string): Promise<string> {
    return this.cache.remember(`sitemap:${origin}`, async () => {
      const articles = await this.store.sitemapEntries(SITEMAP_MAX_URLS - 1000);
      const categories = await this.store.sitemapCategories();
      const newest = articles.reduce<Date | null>((max, a) => (!max || new Date(a.updated_at) > max ? new Date(a.updated_at) : max), null);
      // The driver gives timestamps as Date or, for aggregates, as text: normalise both.
      const entry = (pathOrUrl: string, lastmod: Date | string | null, priority: string) =>
        `  <url><loc>${xmlText(absoluteUrl(pathOrUrl, origin))}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}<priority>${priority}</priority></url>`;
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        entry('/', newest, '1.0'),
        ...Object.keys(STATIC_PAGES).map((page) => entry(page, null, '0.3')),
        ...categories.map((c) => entry(categoryCanonicalPath(c.category), c.updated_at, '0.6')),
        ...articles.map((a) => entry(articleCanonicalPath(a), a.updated_at, '0.8')),
        '</urlset>',
        '',
      ].join('\n');
      // Every generated sitemap is kept (when its articles changed): Recreate Articles reads the last one.
      await this.snapshots.record(xml);
      return xml;
    });
  }

  /** Generates the sitemap afresh (dropping the cached one with every other cached page) and keeps it. */
  async rebuildSitemap(origin: string): Promise<{ articleUrls: number }> {
    await this.cache.invalidate();
    const xml = await this.sitemapXml(origin);
    return { articleUrls: sitemapArticleUrls(xml).length };
  }

  /** RSS 2.0 of the newest published articles. */
  rssXml(origin: string): Promise<string> {
    return this.cache.remember(`rss:${origin}`, async () => {
      const rows = await this.store.feedItems(RSS_ITEM_COUNT);
      const items = rows.map((row) => {
        const link = xmlText(absoluteUrl(articleCanonicalPath(row), origin));
        const description = row.meta_description?.trim() || excerpt(row.content_head.replace(/<[^>]*$/, ''));
        return [
          '    <item>',
          `      <title>${xmlText(row.title)}</title>`,
          `      <link>${link}</link>`,
          `      <guid isPermaLink="true">${link}</guid>`,
          `      <pubDate>${new Date(row.created_at).toUTCString()}</pubDate>`,
          `      <category>${xmlText(row.category)}</category>`,
          `      <description>${xmlText(description)}</description>`,
          '    </item>',
        ].join('\n');
      });
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '  <channel>',
        `    <title>${xmlText(SITE_NAME)}</title>`,
        `    <link>${xmlText(absoluteUrl('/', origin))}</link>`,
        `    <description>${xmlText(SITE_DESCRIPTION)}</description>`,
        '    <language>en-us</language>',
        `    <atom:link href="${xmlText(absoluteUrl('/rss.xml', origin))}" rel="self" type="application/rss+xml"/>`,
        ...(rows[0] ? [`    <lastBuildDate>${new Date(rows[0].created_at).toUTCString()}</lastBuildDate>`] : []),
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
    });
  }
}
