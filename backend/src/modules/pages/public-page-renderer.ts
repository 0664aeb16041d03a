import { FORM_FLASH_PARAM } from '@ai-mind/contracts';
import type { FormFlashService } from '../../common/page-form.js';
import type { PageRenderer } from '../web/index.js';
import { injectBody, injectHead } from './markup.js';
import type { PagesService } from './pages.service.js';

/**
 * The web fallback's renderer: the shell's HTML with the server-rendered public page, its head and its
 * status. A page a posted form came back to (its URL names the outcome) shows that outcome, once: it is
 * rendered for that request only and never kept by any cache.
 */
export function publicPageRenderer(pages: PagesService, flashes: FormFlashService): PageRenderer {
  return async (request, shell) => {
    const url = new URL(request.url, 'http://placeholder');
    const flashId = url.searchParams.get(FORM_FLASH_PARAM);
    const personal = flashId !== null;
    let page;
    try {
      const flash = flashId ? await flashes.take(flashId, url.pathname) : null;
      page = await pages.renderPage(url.pathname, url.searchParams, flash);
    } catch (error) {
      // The client renders the page itself from the shell: a failed server render costs speed, not the page.
      request.log.warn({ err: error }, 'Server render of a public page failed; serving the shell');
      page = null;
    }
    if (!page) return { status: 200, html: shell, rendered: false, personal };
    const html = injectBody(injectHead(shell, page.head), page.body, page.data);
    if (personal) return { status: page.status, html, rendered: true, personal };
    return { status: page.status, html, rendered: true, version: page.version, isCurrent: page.isCurrent, keys: page.keys };
  };
}
