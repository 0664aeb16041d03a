// The article sanitizer's thread (see article-sanitizer-pool.ts).
import { sanitizeArticleHtml } from '@ai-mind/contracts/article-sanitizer';
import { serveJobs } from '../../common/worker-pool.js';

serveJobs(sanitizeArticleHtml);
