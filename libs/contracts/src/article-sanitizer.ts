import sanitizeHtml from 'sanitize-html';
import {
  ARTICLE_HTML_ATTRIBUTES,
  ARTICLE_HTML_DROPPED_CONTENT,
  ARTICLE_HTML_TAGS,
  ARTICLE_LINK_REL,
  ARTICLE_URL_SCHEMES,
} from './article-html.js';
import { decodeEntities } from './text.js';

/**
 * Article HTML sanitized without a DOM, for Node: the article store on write and the public pages'
 * server render. The browser applies the same allowlist with DOMPurify.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ARTICLE_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...ARTICLE_URL_SCHEMES.a],
  allowedSchemesByTag: { img: [...ARTICLE_URL_SCHEMES.img] },
  allowProtocolRelative: false,
  nonTextTags: [...ARTICLE_HTML_DROPPED_CONTENT],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: ARTICLE_LINK_REL } : attribs }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * An article body as a page shows it: markup that arrived entity-escaped (&lt;h2&gt; from the
 * automation intake) is unescaped first, then everything is sanitized, whatever was stored.
 */
export function articleBodyHtml(content: string): string {
  return sanitizeArticleHtml(decodeEntities(content));
}
