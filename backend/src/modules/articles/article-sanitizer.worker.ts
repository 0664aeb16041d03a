// The article sanitizer's thread (see article-sanitizer-pool.ts).
import { articleBodyHtml, sanitizeArticleHtml } from '@ai-mind/contracts/article-sanitizer';
import { serveJobs } from '../../common/worker-pool.js';

serveJobs(({ html, forReaders }: { html: string; forReaders: boolean }) => (forReaders ? articleBodyHtml(html) : sanitizeArticleHtml(html)));
