import type { PageRenderer } from '../web/web-assets.js';
import { injectFirstView } from './first-view.js';
import { injectHead } from './markup.js';
import { requestOrigin } from './seo.controller.js';
import type { SeoService } from './seo.service.js';

/** The web fallback's renderer: the shell's HTML with the page's head, first view and status. */
export function seoPageRenderer(seo: SeoService): PageRenderer {
  return async (request, shell) => {
    const url = new URL(request.url, 'http://placeholder');
    const page = await seo.renderPage(url.pathname, url.searchParams, requestOrigin(request));
    const withHead = page.head === null ? shell : injectHead(shell, page.head);
    const html = page.firstView === null ? withHead : injectFirstView(withHead, page.firstView);
    return { status: page.status, html, firstView: html !== withHead };
  };
}
