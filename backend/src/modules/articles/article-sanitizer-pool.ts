import { BodyWorkTask, builtWorkerScript } from '../../common/worker-pool.js';

/** Article sanitizing, on the body-work thread: sanitizing the largest body allowed takes tens of milliseconds, which the event loop never spends. */
export const articleSanitizer = new BodyWorkTask<{ html: string; forReaders: boolean }, string>(
  builtWorkerScript('modules/articles/article-sanitizer.worker.js'),
);

/** `html` as the article store keeps it (sanitizeArticleHtml), made off the event loop. */
export const sanitizeArticleBody = (html: string): Promise<string> => articleSanitizer.run({ html, forReaders: false });

/** A stored body as pages show it (articleBodyHtml), made off the event loop. */
export const articleBodyForReaders = (html: string): Promise<string> => articleSanitizer.run({ html, forReaders: true });
