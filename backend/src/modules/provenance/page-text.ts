import { createHash } from 'node:crypto';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** The most of a page's text kept as a source: far more than any news article's body. */
export const MAX_SOURCE_TEXT = 30_000;

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, figcaption';

/**
 * A page's main text, the way a reader mode shows it: Readability picks the article out of the
 * navigation, ads and footers; each paragraph becomes one line. Null when no readable text is found.
 */
export function extractMainText(html: string): string | null {
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  if (!article?.content) return null;
  const { document: content } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
  const lines = [...content.querySelectorAll(BLOCKS)]
    .filter((element) => !element.querySelector(BLOCKS))
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
  const text = (lines.length ? lines.join('\n') : (article.textContent ?? '').replace(/\s+/g, ' ').trim()).slice(0, MAX_SOURCE_TEXT);
  return text.length >= 40 ? text : null;
}

/** Plain text as a source (a text/plain page): whitespace tidied, one paragraph a line. */
export function plainText(body: string): string | null {
  const text = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, MAX_SOURCE_TEXT);
  return text.length >= 40 ? text : null;
}

/** The source text of a fetched page, by its type (a text/plain page as plain text, else its main text): the one reading of a page, at approval and after. */
export function textOfPage(body: string, contentType: string): string | null {
  return contentType === 'text/plain' ? plainText(body) : extractMainText(body);
}

export const contentHash = (text: string): string => createHash('sha256').update(text).digest('hex');
