import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { decodeEntities } from '@ai-mind/contracts/web';

/**
 * Article HTML for display: entity-escaped markup (&lt;h2&gt;, &lt;p&gt;, &lt;strong&gt; from the
 * automation intake) is unescaped first, then everything is sanitized, so no script, handler,
 * frame or javascript: URL from stored content can ever run, whatever was stored.
 */
// Links out of an article never hand the site's window to the page they open.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
});

export function sanitizeArticleHtml(content: string): string {
  return DOMPurify.sanitize(decodeEntities(content), {
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
