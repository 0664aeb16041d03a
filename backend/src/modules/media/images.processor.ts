import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { workerOptions } from '../../queue/worker-options.js';
import { ArticleImageService } from './article-image.service.js';

/**
 * IMAGE_CONCURRENCY images at a time per worker, each on IMAGE_THREADS libvips threads: rendering is
 * CPU-bound, so a worker keeps to about one core and more workers render more (providers rate-limit). Each
 * article is its own job, so one that keeps failing is retried with backoff and then left failed,
 * without holding up the others.
 */
@Processor('images', workerOptions((config) => config.images.concurrency))
export class ImagesProcessor extends WorkerHost {
  constructor(private readonly images: ArticleImageService) {
    super();
  }

  async process(job: Job<JobPayload<'image-regenerate'>, JobResult<'image-regenerate'>, string>): Promise<JobResult<'image-regenerate'>> {
    if (job.name !== 'image-regenerate') throw new Error(`Unknown images job '${job.name}'`);
    // The job's creation time names this request's files: the same on every retry and after a restart.
    const version = `v${job.timestamp.toString(36)}`;
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return this.images.regenerate(job.data.articleId, version, lastAttempt);
  }
}
