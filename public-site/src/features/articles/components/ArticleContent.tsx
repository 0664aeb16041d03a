import { Typography } from '@mantine/core';

/**
 * An article body. The API gives it ready to show (`content` of the public article is sanitized
 * there once per change, `articleBodyHtml`), so the server render and the browser put the same markup
 * in the page and no sanitizer ships to the browser.
 */
export function ArticleContent({ content }: { content: string }) {
  return (
    <Typography>
      <div data-testid="article-content" dangerouslySetInnerHTML={{ __html: content }} />
    </Typography>
  );
}
