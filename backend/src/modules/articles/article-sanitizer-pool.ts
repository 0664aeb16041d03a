import { builtWorkerScript, WorkerPool } from '../../common/worker-pool.js';

/** The process's article sanitizer thread: sanitizing the largest body allowed takes tens of milliseconds, which the event loop never spends. */
export const articleSanitizer = new WorkerPool<{ html: string; forReaders: boolean }, string>(
  builtWorkerScript('modules/articles/article-sanitizer.worker.js'),
  'article sanitizer',
);

/** `html` as the article store keeps it (sanitizeArticleHtml), made off the event loop. */
export const sanitizeArticleBody = (html: string): Promise<string> => articleSanitizer.run({ html, forReaders: false });

/** A stored body as pages show it (articleBodyHtml), made off the event loop. */
export const articleBodyForReaders = (html: string): Promise<string> => articleSanitizer.run({ html, forReaders: true });
