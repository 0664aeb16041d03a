import type { PageData } from './page-data.js';
import type { FormFlash } from './page-forms.js';
import type { PageMeta } from './seo.js';
import type { PublicPageId } from './public-routes.js';

// The public site's server entry (public-site/src/server.tsx) as the API loads it at run time
// (backend/src/modules/pages/public-site-renderer.ts): declared here, where both sides import it, since
// the backend does not import the site. Types only. `Fetch` is the runtime's fetch: the contracts
// build with no DOM or Node types.

/** How the API asks for one public page. */
export interface PublicPageRenderOptions<Fetch> {
  /** The site's origin as the reader reached it (canonical URLs, structured data). */
  origin: string;
  /** Answers the API requests the pages' queries make (the API process itself, without a network hop). */
  fetch: Fetch;
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
export interface PublicSiteServerEntry<Fetch> {
  /** Renders `url` (path and query) whole: every Suspense boundary resolved, ready to cache. */
  render(url: string, options: PublicPageRenderOptions<Fetch>): Promise<RenderedPublicPage>;
  /** The page of the route table that `pathname` opens (the API decides from it what to cache). */
  routePage(pathname: string): PublicPageId;
}
