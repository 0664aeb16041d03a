import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  DEFAULT_SOCIAL_IMAGE_PATH,
  SITE_DESCRIPTION,
  SITE_NAME,
  STATIC_PAGES,
  NEWSROOM_TEXTS,
  absoluteUrl,
  articleCanonicalPath,
  categoryCanonicalPath,
  CORRECTION_KIND_LABELS,
  CORRECTIONS_ANCHOR,
  CORRECTIONS_PATH,
  excerpt,
  storyPath,
  headElements,
  isAdminPath,
  type FormFlash,
  type PublicPageId,
} from '@ai-mind/contracts';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { renderCoverSvg } from '../media/index.js';
import { ArticleReads, ArticlesCacheService, cardGrade } from '../articles/index.js';
import { renderHeadElements, renderImagePreload, renderPageData, xmlText } from './markup.js';
import { LocalMediaCheck } from './local-media.js';
import { PublicPageReadsService } from './public-page-reads.js';
import { PublicSiteRenderer } from './public-site-renderer.js';
import { SitemapSnapshotService } from './sitemap-snapshot.service.js';
import { strongestCompression } from '../../common/compression-pool.js';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { queuePurge } from '../http-cache/index.js';
import { EntityManager } from '@mikro-orm/postgresql';
import { PageViewTokens } from '../analytics/index.js';
import { StoryReads } from '../stories/index.js';

export const RSS_ITEM_COUNT = 50;

/** Where sitemap file `n` is served (listed by /sitemap.xml). */
export const sitemapFilePath = (n: number) => `/sitemaps/${n}.xml.gz`;

interface SitemapEntry {
  path: string;
  lastmod: string | null;
  priority: string;
}

interface SitemapLayout {
  /** Home, the static pages and the categories, ahead of the articles. */
  pages: SitemapEntry[];
  /** Published articles. */
  articles: number;
  files: number;
}

export interface RenderedPage {
  status: 200 | 404;
  /** Head elements to write into the shell's HTML: title, description, social tags, JSON-LD, the image preload. */
  head: string;
  /** The page's markup, for the shell's root element. */
  body: string;
  /**
   * The page's data block, written after the root element: only the scripts read it, which run once
   * the page has painted, so its bytes come after everything the first paint needs.
   */
  data: string;
  /** Names this rendering (a hash of it): the same page served again is recognised without reading it. */
  version: string;
  /** For a page from the render cache: whether it is still the page (no change since, within the TTL). */
  isCurrent?: () => boolean;
  /** The surrogate keys of the reads the page was made from (as their endpoints name them): what it shows. */
  keys: string[];
  /** The token a page view of this page proves it with (also in its data block); none for a 404. */
  viewToken: string | null;
}

/** Pages rendered per request rather than cached: no data to read, and any path may ask for them. */
const UNCACHED_PAGES: ReadonlySet<PublicPageId> = new Set(['notFound']);

/**
 * What readers without JavaScript, crawlers and link previews get: each public page rendered whole by
 * the public site's own server entry with its head elements, the sitemap, robots.txt and the RSS
 * feed. Cached with the article lists, so publishing, editing or deleting refreshes them.
 */
@Injectable()
export class PagesService implements OnModuleInit {
  private readonly logger = new Logger(PagesService.name);
  private readonly site: PublicSiteRenderer;
  private readonly media: LocalMediaCheck;
  /** The sitemap files of the current state of the articles, each made on its first request. */
  private sitemapFiles: { isCurrent: () => boolean; made: Map<number, Promise<Buffer>> } | null = null;

  constructor(
    private readonly store: ArticleReads,
    private readonly cache: ArticlesCacheService,
    private readonly snapshots: SitemapSnapshotService,
    private readonly em: EntityManager,
    private readonly viewTokens: PageViewTokens,
    private readonly reads: PublicPageReadsService,
    private readonly stories: StoryReads,
    @InjectConfig('site') private readonly config: ConfigSlice<'site'>,
    @InjectConfig('images') private readonly imagesConfig: ConfigSlice<'images'>,
    @InjectConfig('seo') private readonly seoConfig: ConfigSlice<'seo'>,
    // Whether the site is an ActivityPub actor: its pages then name the actor and their objects.
    @InjectConfig('fediverse') private readonly fediverseConfig: ConfigSlice<'fediverse'>,
    @InjectConfig('web') webConfig: ConfigSlice<'web'>,
  ) {
    this.site = new PublicSiteRenderer(webConfig.distRoot);
    this.media = new LocalMediaCheck(imagesConfig.mediaDir);
  }

  /** The social image of pages without one of their own. */
  async onModuleInit(): Promise<void> {
    const file = path.join(this.imagesConfig.mediaDir, DEFAULT_SOCIAL_IMAGE_PATH.replace(/^\/media\//, ''));
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, renderCoverSvg(SITE_NAME, 'Technology'), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') this.logger.warn({ err: error }, 'Could not write the default social image');
    }
  }

  /**
   * A public page rendered on the server from the public site's own components (its route table
   * settles the status), or null for the admin app's paths or when the site is not built. Rendered
   * once per change: cached with the article lists and articles, whose changes invalidate it; a page
   * that does not exist (404) is answered, never kept. Its data is read by the services the public
   * endpoints use (PublicPageReadsService), in process. Every URL in it names the configured origin,
   * whoever asked. A page showing the outcome of a reader's form (`flash`) is rendered for its request alone.
   */
  async renderPage(pathname: string, query: URLSearchParams, flash: FormFlash | null = null): Promise<RenderedPage | null> {
    if (isAdminPath(pathname)) return null;
    const site = await this.site.load();
    if (!site) return null;
    const origin = this.config.publicUrl;
    const search = query.get('search')?.trim() || undefined;
    const cursor = query.get('cursor') || undefined;
    // Only what the pages read from the URL is part of it (a search, or where a list starts for a
    // reader without JavaScript): tracking parameters never cost a render.
    const kept = new URLSearchParams({ ...(search ? { search } : {}), ...(cursor && !search ? { cursor } : {}) });
    const url = kept.size > 0 ? `${pathname}?${kept}` : pathname;
    const render = async (): Promise<RenderedPage> => {
      const keys = new Set<string>();
      const page = await site.render(url, { origin, read: this.reads.forRender(keys), flash, imageMissing: this.media.isMissing });
      // The image preload first: it is the page's largest paint.
      const head = page.heroImage ? [renderImagePreload(page.heroImage.href, page.heroImage.srcset, page.heroImage.sizes)] : [];
      const activityPub = this.fediverseConfig.enabled;
      head.push(renderHeadElements(headElements(page.meta, origin, { activityPub })));
      const headText = head.join('\n    ');
      const viewToken = page.status === 200 ? await this.viewTokens.issue(pathname) : null;
      const data = renderPageData({ ...page.pageData, ...(viewToken ? { viewToken } : {}), ...(activityPub ? {} : { activityPub: false as const }) });
      const version = createHash('sha256').update(headText).update(page.html).update(data).digest('base64url').slice(0, 32);
      return { status: page.status, head: headText, body: page.html, data, version, keys: [...keys], viewToken };
    };
    // A search's page is rendered per request: one page per term would fill the cache with pages read once.
    if (search || flash || UNCACHED_PAGES.has(site.routePage(pathname))) return render();
    const key = `page:${site.build}:${url}`;
    // Taken before the render is looked up: a change while it is made leaves it current for nobody.
    const isCurrent = this.cache.currentness();
    // Readers arriving together at a page not yet cached wait for one render, not one each: the
    // article cache shares a computation under way (a 404 is shared too, never kept).
    const page = await this.cache.remember(key, render, undefined, (rendered) => rendered.status === 200);
    return page.status === 200 ? { ...page, isCurrent } : page;
  }

  robotsTxt(): string {
    return ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${absoluteUrl('/sitemap.xml', this.config.publicUrl)}`, ''].join('\n');
  }

  /**
   * What the sitemap lists, in order (home, the static pages, every category with published articles,
   * the stories with a published article, then every published article, newest first), cut into files
   * of `sitemapUrlsPerFile` URLs.
   */
  private sitemapLayout(): Promise<SitemapLayout> {
    return this.cache.remember('sitemap-layout', async () => {
      const [categories, articles, stories] = await Promise.all([this.store.publishedCategories(), this.store.publishedCount(), this.stories.sitemapStories()]);
      const newest = categories.reduce<string | null>((max, c) => {
        const at = new Date(c.updated_at).toISOString();
        return !max || at > max ? at : max;
      }, null);
      const pages: SitemapEntry[] = [
        { path: '/', lastmod: newest, priority: '1.0' },
        ...Object.keys(STATIC_PAGES).map((page) => ({ path: page, lastmod: null, priority: '0.3' })),
        ...Object.values(NEWSROOM_TEXTS).map(({ path }) => ({ path, lastmod: null, priority: '0.3' })),
        ...categories.map((c) => ({ path: categoryCanonicalPath(c.category), lastmod: new Date(c.updated_at).toISOString(), priority: '0.6' })),
        ...stories.map((story) => ({ path: storyPath(story.slug), lastmod: story.lastmod, priority: '0.5' })),
      ];
      return { pages, articles, files: Math.max(1, Math.ceil((pages.length + articles) / this.seoConfig.sitemapUrlsPerFile)) };
    });
  }

  /** /sitemap.xml: the index of the sitemap files (the protocol's limit is 50,000 URLs per file). */
  async sitemapIndexXml(): Promise<string> {
    const { files } = await this.sitemapLayout();
    const origin = this.config.publicUrl;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...Array.from({ length: files }, (_, i) => `  <sitemap><loc>${xmlText(absoluteUrl(sitemapFilePath(i + 1), origin))}</loc></sitemap>`),
      '</sitemapindex>',
      '',
    ].join('\n');
  }

  /**
   * Sitemap file `n` (from 1), gzip-compressed as the protocol allows, or null when there is no such
   * file. Made once per change of the articles, compressed on the compression thread, and kept here
   * rather than in the article cache, whose entries are bounded: a file of 50,000 URLs is about 10 MB
   * of XML and 0.5-1.8 MB compressed, depending on how long the slugs are.
   */
  async sitemapFile(n: number): Promise<Buffer | null> {
    const layout = await this.sitemapLayout();
    if (!Number.isSafeInteger(n) || n < 1 || n > layout.files) return null;
    // A new set of files once anything changed (nothing kept while changes go unheard).
    if (!this.sitemapFiles?.isCurrent()) this.sitemapFiles = { isCurrent: this.cache.currentness(), made: new Map() };
    const files = this.sitemapFiles;
    let made = files.made.get(n);
    if (!made) {
      made = this.makeSitemapFile(layout, n);
      files.made.set(n, made);
      made.catch(() => files.made.delete(n));
    }
    return made;
  }

  private async makeSitemapFile(layout: SitemapLayout, n: number): Promise<Buffer> {
    const perFile = this.seoConfig.sitemapUrlsPerFile;
    const start = (n - 1) * perFile;
    const pages = layout.pages.slice(start, start + perFile);
    const articleLimit = perFile - pages.length;
    const articles = articleLimit > 0 ? await this.store.sitemapEntries(Math.max(0, start - layout.pages.length), articleLimit) : [];
    const origin = this.config.publicUrl;
    const entry = ({ path, lastmod, priority }: SitemapEntry) =>
      `  <url><loc>${xmlText(absoluteUrl(path, origin))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}<priority>${priority}</priority></url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...pages.map(entry),
      ...articles.map((a) => entry({ path: articleCanonicalPath(a), lastmod: new Date(a.updated_at).toISOString(), priority: '0.8' })),
      '</urlset>',
      '',
    ].join('\n');
    return (await strongestCompression.compress(Buffer.from(xml, 'utf8'), ['gzip'])).gzip!;
  }

  /** Refresh Data: drops every cached page and feed (the shared caches' too), and writes the recovery snapshot from the database now. */
  async rebuildSitemap(): Promise<{ articleUrls: number }> {
    await this.cache.invalidate();
    await queuePurge(this.em, [cacheKeys.site]);
    const { articleUrls } = await this.snapshots.recordFromDatabase();
    return { articleUrls };
  }

  /**
   * RSS 2.0 of the newest published articles and of the newest corrections and update notes (an item
   * each, linking to the article's notes, with a guid of its own), newest first.
   */
  rssXml(): Promise<string> {
    const origin = this.config.publicUrl;
    return this.cache.remember('rss', async () => {
      const [rows, notes] = await Promise.all([this.store.feedItems(RSS_ITEM_COUNT), this.store.correctionEntries(RSS_ITEM_COUNT)]);
      const articleItems = rows.map((row) => {
        const link = xmlText(absoluteUrl(articleCanonicalPath(row), origin));
        const summary = row.meta_description?.trim() || excerpt(row.content_head.replace(/<[^>]*$/, ''));
        // The AI involvement label: the EU disclosure first, before anything else of the item; another grade's after the summary.
        const grade = cardGrade(row.ai_grade, row.ai_label)!;
        const description = grade.disclosed ? `${grade.label}. ${summary}` : `${summary} (${grade.label}.)`;
        return {
          at: new Date(row.created_at),
          lines: [
            '    <item>',
            `      <title>${xmlText(row.title)}</title>`,
            `      <link>${link}</link>`,
            `      <guid isPermaLink="true">${link}</guid>`,
            `      <pubDate>${new Date(row.created_at).toUTCString()}</pubDate>`,
            `      <category>${xmlText(row.category)}</category>`,
            `      <description>${xmlText(description)}</description>`,
            '    </item>',
          ],
        };
      });
      const noteItems = notes.map(({ note, ...article }) => {
        const link = xmlText(`${absoluteUrl(articleCanonicalPath(article), origin)}#${CORRECTIONS_ANCHOR}`);
        return {
          at: new Date(note.createdAt),
          lines: [
            '    <item>',
            `      <title>${xmlText(`${CORRECTION_KIND_LABELS[note.kind]}: ${article.title}`)}</title>`,
            `      <link>${link}</link>`,
            `      <guid isPermaLink="false">${xmlText(`${absoluteUrl(CORRECTIONS_PATH, origin)}#${note.id}`)}</guid>`,
            `      <pubDate>${new Date(note.createdAt).toUTCString()}</pubDate>`,
            `      <category>${xmlText(article.category)}</category>`,
            `      <description>${xmlText(note.text)}</description>`,
            '    </item>',
          ],
        };
      });
      const newest = [...articleItems, ...noteItems].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, RSS_ITEM_COUNT);
      const items = newest.map((item) => item.lines.join('\n'));
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '  <channel>',
        `    <title>${xmlText(SITE_NAME)}</title>`,
        `    <link>${xmlText(absoluteUrl('/', origin))}</link>`,
        `    <description>${xmlText(SITE_DESCRIPTION)}</description>`,
        '    <language>en-us</language>',
        `    <atom:link href="${xmlText(absoluteUrl('/rss.xml', origin))}" rel="self" type="application/rss+xml"/>`,
        ...(newest[0] ? [`    <lastBuildDate>${newest[0].at.toUTCString()}</lastBuildDate>`] : []),
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
    });
  }
}
