import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { ArticleImageService } from './article-image.service.js';

/**
 * IMAGE_CONCURRENCY images at a time per worker, each on IMAGE_THREADS libvips threads: rendering is
 * CPU-bound, so a worker keeps to about one core and more workers render more (providers rate-limit). Each
 * article is its own job, so one that keeps failing is retried with backoff and then left failed,
 * without holding up the others.
 */
@QueueWorker(QUEUE.images, (config) => config('images').concurrency)
export class ImagesProcessor extends JobProcessor<typeof QUEUE.images> {
  readonly handlers: JobHandlers<typeof QUEUE.images> = {
    'image-regenerate': ({ articleId }, job) => {
      // The job's creation time names this request's files: the same on every retry and after a restart.
      const version = `v${job.timestamp.toString(36)}`;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      return this.images.regenerate(articleId, version, lastAttempt);
    },
  };

  constructor(private readonly images: ArticleImageService) {
    super();
  }
}
