import type { PageRenderer } from '../web/web-assets.js';
import { injectBody, injectHead } from './markup.js';
import { inProcessFetch } from './public-site-renderer.js';
import type { SeoService } from './seo.service.js';

/** The web fallback's renderer: the shell's HTML with the server-rendered public page, its head and its status. */
export function seoPageRenderer(seo: SeoService): PageRenderer {
  return async (request, shell) => {
    const url = new URL(request.url, 'http://placeholder');
    let page;
    try {
      page = await seo.renderPage(url.pathname, url.searchParams, inProcessFetch(request.server));
    } catch (error) {
      // The client renders the page itself from the shell: a failed server render costs speed, not the page.
      request.log.warn({ err: error }, 'Server render of a public page failed; serving the shell');
      page = null;
    }
    if (!page) return { status: 200, html: shell, rendered: false };
    return { status: page.status, html: injectBody(injectHead(shell, page.head), page.body, page.data), rendered: true, version: page.version, isCurrent: page.isCurrent };
  };
}
