import type { PageRenderer } from '../web/web-assets.js';
import { injectHead } from './markup.js';
import { requestOrigin } from './seo.controller.js';
import type { SeoService } from './seo.service.js';

/** The web fallback's renderer: the shell's HTML with the page's head and status. */
export function seoPageRenderer(seo: SeoService): PageRenderer {
  return async (request, html) => {
    const url = new URL(request.url, 'http://placeholder');
    const page = await seo.renderPage(url.pathname, url.searchParams, requestOrigin(request));
    return { status: page.status, html: page.head === null ? html : injectHead(html, page.head) };
  };
}
