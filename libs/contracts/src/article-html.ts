/**
 * What an article body may contain: the editor's formatting and nothing that runs. One allowlist for
 * every sanitizer of article HTML: the article store's on write and the server render's
 * (sanitize-html, `./article-sanitizer.ts`) and the browser's (DOMPurify, the public site's
 * ArticleContent), so a page hydrates the markup the server sent.
 */
export const ARTICLE_HTML_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li',
  'blockquote', 'code', 'pre', 'figure', 'figcaption', 'img',
] as const;

/** Attributes each tag keeps; every other attribute (handlers, style, class, data-*) goes. */
export const ARTICLE_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

/** URL schemes per tag (a relative URL has none and is kept; a protocol-relative `//host` is not). */
export const ARTICLE_URL_SCHEMES: Readonly<Record<'a' | 'img', readonly string[]>> = {
  a: ['http', 'https', 'mailto'],
  img: ['http', 'https'],
};

/** Elements removed with their content, not only their tags: what they hold is code or form state. */
export const ARTICLE_HTML_DROPPED_CONTENT = [
  'script', 'style', 'template', 'textarea', 'select', 'option', 'noscript', 'noembed', 'noframes', 'iframe',
  'object', 'title', 'xmp', 'svg', 'math', 'audio', 'video',
] as const;

/** The rel every link that names a target gets, so the page it opens cannot reach back to ours. */
export const ARTICLE_LINK_REL = 'noopener noreferrer';

/** Whether `url` may stay in an `a` href or `img` src (the rule sanitize-html applies, for DOMPurify). */
export function isAllowedArticleUrl(tag: 'a' | 'img', url: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): so do we.
  // eslint-disable-next-line no-control-regex -- the control characters are what is being removed
  const compact = url.replace(/[\x00-\x20]+/g, '');
  const scheme = /^([a-z][a-z0-9.+-]*):/i.exec(compact);
  if (!scheme) return !/^[/\\]{2}/.test(compact);
  return ARTICLE_URL_SCHEMES[tag].includes(scheme[1].toLowerCase());
}
