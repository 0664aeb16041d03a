import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from './text.js';

/**
 * What an article body may contain: the editor's formatting and nothing that runs. Links keep safe
 * schemes only (a relative URL is kept, a protocol-relative `//host` is not); a link that names a
 * target cannot reach back to the page that opened it. Elements that hold code or form state go with
 * their content.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'figure',
    'figcaption',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel', 'title'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  nonTextTags: [
    'script',
    'style',
    'template',
    'textarea',
    'select',
    'option',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'title',
    'xmp',
    'svg',
    'math',
    'audio',
    'video',
  ],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

/** Article HTML as stored: the article store sanitizes every body it writes with this. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * An article body as readers get it (the public article's `content`): markup that arrived
 * entity-escaped (&lt;h2&gt; from the automation intake) is unescaped first, then everything is
 * sanitized, whatever was stored (rows written by hand in SQL included). Pages show it as it is, on
 * the server and in the browser alike, so no sanitizer ships to the browser.
 */
export function articleBodyHtml(content: string): string {
  return sanitizeArticleHtml(decodeEntities(content));
}

/** A heading id the newsroom's texts may keep (the publishing principles' #feedback, #verification). */
const SECTION_ID = /^[a-z][a-z0-9-]{0,40}$/;
const keepSectionId: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: attribs.id && SECTION_ID.test(attribs.id) ? { id: attribs.id } : ({} as sanitizeHtml.Attributes),
});

/**
 * The newsroom's pages (publishing principles, policies, masthead text) as stored and shown: the
 * article's rules, plus an id on a heading so a section has a stable address (`#feedback`).
 */
export function sanitizeNewsroomHtml(html: string): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    allowedAttributes: { ...(OPTIONS.allowedAttributes as Record<string, string[]>), h2: ['id'], h3: ['id'] },
    transformTags: { ...OPTIONS.transformTags, h2: keepSectionId, h3: keepSectionId },
  });
}
