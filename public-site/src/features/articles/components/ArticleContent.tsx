import { Typography } from '@mantine/core';
import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';
import { useMemo } from 'react';
import { decodeEntities } from '@ai-mind/contracts/web';

/**
 * Article HTML for display: entity-escaped markup (&lt;h2&gt;, &lt;p&gt;, &lt;strong&gt; from the
 * automation intake) is unescaped first, then everything is sanitized, so no script, handler,
 * frame or javascript: URL from stored content can ever run, whatever was stored.
 */
function withLinkHook(purifier: Purifier): Purifier {
  // Links out of an article never hand the site's window to the page they open.
  if (purifier.isSupported) purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

let purifier = withLinkHook(DOMPurify);

/** The server render has no document of its own: it hands the sanitizer a DOM window (jsdom) here. */
export function setSanitizerWindow(window: WindowLike): void {
  purifier = withLinkHook(DOMPurify(window));
}

export function sanitizeArticleHtml(content: string): string {
  // Without a DOM, DOMPurify would hand the markup back untouched: never show that.
  if (!purifier.isSupported) throw new Error('The article sanitizer has no DOM to work with');
  return purifier.sanitize(decodeEntities(content), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

export function ArticleContent({ content }: { content: string }) {
  const html = useMemo(() => sanitizeArticleHtml(content), [content]);
  return (
    <Typography>
      <div data-testid="article-content" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
