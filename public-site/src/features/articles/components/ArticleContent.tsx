import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useContext, useMemo } from 'react';
import {
  ARTICLE_HTML_ATTRIBUTES,
  ARTICLE_HTML_DROPPED_CONTENT,
  ARTICLE_HTML_TAGS,
  ARTICLE_LINK_REL,
  decodeEntities,
  isAllowedArticleUrl,
} from '@ai-mind/contracts/web';
import { ServerRender } from '../../../app/server-context';

const URL_ATTRIBUTES: Readonly<Record<string, 'a' | 'img'>> = { href: 'a', src: 'img' };

if (DOMPurify.isSupported) {
  // The tag-by-tag parts of the shared allowlist, which DOMPurify's own options cannot say.
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.tagName.toLowerCase();
    const urlTag = URL_ATTRIBUTES[data.attrName];
    if (!ARTICLE_HTML_ATTRIBUTES[tag]?.includes(data.attrName) || (urlTag === tag && !isAllowedArticleUrl(urlTag, data.attrValue))) {
      data.keepAttr = false;
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', ARTICLE_LINK_REL);
  });
}

/**
 * Article HTML for display in the browser: entity-escaped markup (&lt;h2&gt; from the automation
 * intake) is unescaped first, then sanitized with the allowlist the server render applies
 * (`articleBodyHtml`), so no script, handler, frame or javascript: URL from stored content can run.
 */
export function purifyArticleHtml(content: string): string {
  // Without a DOM, DOMPurify would hand the markup back untouched: never show that.
  if (!DOMPurify.isSupported) throw new Error('The article sanitizer has no DOM to work with');
  return DOMPurify.sanitize(decodeEntities(content), {
    ALLOWED_TAGS: [...ARTICLE_HTML_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(ARTICLE_HTML_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...ARTICLE_HTML_DROPPED_CONTENT],
  });
}

export function ArticleContent({ content }: { content: string }) {
  // The server render has no DOM: it sanitizes with the same allowlist through sanitize-html.
  const server = useContext(ServerRender);
  const html = useMemo(() => (server ? server.articleBodyHtml(content) : purifyArticleHtml(content)), [server, content]);
  return (
    <Typography>
      <div data-testid="article-content" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
