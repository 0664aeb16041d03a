import type { ArticleSummary } from './articles.js';
import type { Comment } from './engagement.js';
import type { PageData } from './page-data.js';
import type { CorrectionEntry, PublicArticle } from './public-record.js';
import type { FormFlash } from './page-forms.js';
import type { PageMeta } from './seo.js';
import type { PublicPageId } from './public-routes.js';
import type { NewsroomTextKey, PublicNewsroomPage } from './newsroom.js';
import type { ArticleStory, PublicStory } from './stories.js';

// The public site's server entry (public-site/src/server.tsx) as the API loads it at run time
// (backend/src/modules/pages/public-site-renderer.ts): declared here, where both sides import it, since
// the backend does not import the site. Types only.

/** One page of a list of published articles, as the pages' list query holds it. */
export interface PublicArticlePage {
  items: ArticleSummary[];
  nextCursor: string | null;
  /**
   * There is no such list: the API knows no such category (its page says 'Category not found'), or
   * the cursor the page's address starts at names nothing in it.
   */
  missing?: true;
}

/**
 * The reads a server-rendered page is made from, one per query the pages prefetch: each answers what
 * the public endpoint named beside it answers (the same service call, access rules and caches), in
 * the API's own process and without a request through its HTTP stack. The browser asks the endpoints.
 */
export interface PublicPageReads {
  /** GET /api/articles/slug/:slug; null where that is a 404 (no published article with that slug). */
  articleBySlug(slug: string): Promise<PublicArticle | null>;
  /** GET /api/articles?approved=true with the filter and cursor; `missing` where that is a 404 or a refused cursor (400). */
  articlePage(filter: { category?: string; search?: string }, cursor: string | null): Promise<PublicArticlePage>;
  /** GET /api/articles/:id/comments. */
  comments(articleId: number): Promise<Comment[]>;
  /** GET /api/corrections. */
  corrections(): Promise<CorrectionEntry[]>;
  /** GET /api/newsroom/:page. */
  newsroomPage(key: NewsroomTextKey): Promise<PublicNewsroomPage>;
  /** GET /api/stories/:slug; null where that is a 404. */
  storyBySlug(slug: string): Promise<PublicStory | null>;
  /** GET /api/articles/:id/story. */
  articleStory(articleId: number): Promise<ArticleStory>;
}

/** How the API asks for one public page. */
export interface PublicPageRenderOptions {
  /** The site's origin as the reader reached it (canonical URLs, structured data). */
  origin: string;
  /** Answers the page's queries (see PublicPageReads). */
  read: PublicPageReads;
  /** The outcome of the form the reader posted without the scripts, shown once on this page. */
  flash?: FormFlash | null;
  /** Whether an image URL names a file the server knows is missing (rendered as the fallback). */
  imageMissing?: (src: string) => boolean;
}

/** One rendered public page, as the API caches and serves it. */
export interface RenderedPublicPage {
  status: 200 | 404;
  page: PublicPageId;
  /** The markup of the site's root element: the whole page, hydrated by the client. */
  html: string;
  /** The page's head metadata, as the page itself applies it on the client. */
  meta: PageMeta;
  /** The queries the page was rendered with, for the page's JSON data block. */
  pageData: PageData;
  /** The page's largest image at the top (the fallback cover where its article has none), worth a preload. */
  heroImage: { href: string; srcset?: string; sizes: string } | null;
}

/** What the server entry exports. */
export interface PublicSiteServerEntry {
  /** Renders `url` (path and query) whole: every Suspense boundary resolved, ready to cache. */
  render(url: string, options: PublicPageRenderOptions): Promise<RenderedPublicPage>;
  /** The page of the route table that `pathname` opens (the API decides from it what to cache). */
  routePage(pathname: string): PublicPageId;
}
