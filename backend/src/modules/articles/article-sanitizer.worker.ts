// The article sanitizer's task on the body-work thread (see article-sanitizer-pool.ts).
import { articleBodyHtml, sanitizeArticleHtml } from '@ai-mind/contracts/article-sanitizer';

export default ({ html, forReaders }: { html: string; forReaders: boolean }): string => (forReaders ? articleBodyHtml(html) : sanitizeArticleHtml(html));
