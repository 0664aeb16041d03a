import { jsonForScript, PAGE_DATA_ELEMENT_ID, type HeadElement, type PageData } from '@ai-mind/contracts';

/** Text safe inside XML/HTML element content and double- or single-quoted attributes. */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);
}

/** XML 1.0 forbids most control characters even when escaped; stored text may carry them. */
export function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return escapeMarkup(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));
}

/** Marks the tags the server wrote, so the site can replace exactly those on the next route. */
export const SEO_MARKER = 'data-seo';

export function renderHeadElements(elements: HeadElement[]): string {
  return elements
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries({ ...attrs, [SEO_MARKER]: '' })
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeMarkup(value)}"`))
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${attributes}>`;
      // JSON-LD text is already safe for a script element (jsonForScript); titles are escaped.
      return `<${tag}${attributes}>${tag === 'script' ? (text ?? '') : escapeMarkup(text ?? '')}</${tag}>`;
    })
    .join('\n    ');
}

/** The shell's HTML with its generic title and description replaced by the page's head elements. */
export function injectHead(html: string, head: string): string {
  const stripped = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  // Right after the viewport (or the charset): ahead of the shell's script, the page's image preload is the browser's
  // first request and takes the document's idle connection instead of waiting for a new one.
  const early = /<meta\s+name=["']viewport["'][^>]*>/i.exec(stripped) ?? /<meta\s+charset=[^>]*>/i.exec(stripped);
  if (early) {
    const at = early.index + early[0].length;
    return `${stripped.slice(0, at)}\n    ${head}${stripped.slice(at)}`;
  }
  const at = stripped.search(/<\/head>/i);
  return at === -1 ? `${head}\n${stripped}` : `${stripped.slice(0, at)}    ${head}\n  ${stripped.slice(at)}`;
}

/** Asks for the page's main image at once, at high priority: it is the page's largest paint. */
export function renderImagePreload(href: string, srcset: string | undefined, sizes: string): string {
  const responsive = srcset ? ` imagesrcset="${escapeMarkup(srcset)}" imagesizes="${escapeMarkup(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeMarkup(href)}"${responsive} fetchpriority="high">`;
}

/**
 * The page's first data as a JSON data block: inert under a Content-Security-Policy without
 * 'unsafe-inline' (the browser never runs it), escaped so stored text cannot close the element.
 */
export function renderPageData(data: PageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`;
}

/**
 * The shell's HTML with the server-rendered page in its root element and `after` right behind it
 * (left as it is if the shell has none). Nothing but the page goes inside the root: it is hydrated.
 */
export function injectBody(html: string, markup: string, after = ''): string {
  const root = /<div id="root"><\/div>/;
  return root.test(html) ? html.replace(root, () => `<div id="root">${markup}</div>${after}`) : html;
}
