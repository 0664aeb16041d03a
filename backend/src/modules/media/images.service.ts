import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.token.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { ImageRegenerateResult } from '../../queue/job-types.js';
import { ArticleReads } from '../articles/index.js';
import { countLiveWorkers } from '../health/index.js';

/** One job per article at a time: the job id is the article's, so asking again while it is queued or running adds nothing. */
export const imageJobId = (articleId: number) => `image-${articleId}`;

/** How every image job is added, wherever it is asked for (Regenerate Images, a received blog). */
export const imageJobOptions = (articleId: number) => ({ jobId: imageJobId(articleId) });

const ADD_CHUNK = 500;

export interface RegenerateImagesOutcome {
  /** Articles whose image was replaced before the answer was sent. */
  updatedCount: number;
  /** Articles asked for that exist (each has one job, new or already queued). */
  queuedCount: number;
  /** Jobs still queued or running when the wait ended; they finish in the background. */
  pendingCount: number;
  failedCount: number;
}

/**
 * API side of image regeneration: one job per article on the images queue, then a bounded wait
 * (JOB_WAIT_TIMEOUT_MS) for their outcomes, answering with how many were replaced by then.
 */
@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);

  constructor(
    private readonly articles: ArticleReads,
    private readonly jobs: JobProducer,
    @InjectConfig('queue') private readonly config: ConfigSlice<'queue'>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** `onSettled` hears of each job that finishes (for the ops CLI's progress lines). */
  async regenerate(
    request: { blogIds?: number[]; regenerateAll?: boolean },
    timeoutMs = this.config.jobWaitTimeoutMs,
    onSettled?: (outcome: RegenerateImagesOutcome, settled: number) => void,
  ): Promise<RegenerateImagesOutcome> {
    const ids = await this.existingIds(request);
    const outcome: RegenerateImagesOutcome = { updatedCount: 0, queuedCount: ids.length, pendingCount: ids.length, failedCount: 0 };
    if (ids.length === 0) return outcome;

    const pending = new Set(ids.map(imageJobId));
    const events = await this.jobs.queueEvents('images');
    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const settle = (jobId: string, result: ImageRegenerateResult | null) => {
      if (!pending.delete(jobId)) return;
      if (result?.updated) outcome.updatedCount += 1;
      else if (!result) outcome.failedCount += 1;
      onSettled?.(outcome, ids.length - pending.size);
      if (pending.size === 0) finish();
    };
    const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) =>
      settle(jobId, (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as ImageRegenerateResult);
    const onFailed = ({ jobId }: { jobId: string }) => settle(jobId, null);
    // Listening before adding: a job that finishes at once is still counted.
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
    try {
      await this.enqueue(ids);
      // With no worker to make them, the jobs wait in the queue: answer now instead of waiting for nobody.
      const workers = await countLiveWorkers(this.redis);
      const timer = new Promise<void>((resolve) => setTimeout(resolve, workers > 0 ? timeoutMs : 0).unref());
      await Promise.race([done, timer]);
    } finally {
      events.off('completed', onCompleted);
      events.off('failed', onFailed);
    }
    outcome.pendingCount = pending.size;
    return outcome;
  }

  /**
   * Adds the jobs. A finished job of the same article that is still kept (a failed one, for the
   * dashboard) would swallow the new one, so it is removed first; a queued or running one is kept
   * and answers this request too.
   */
  private async enqueue(ids: number[]): Promise<void> {
    const queue = this.jobs.queue('images');
    for (let start = 0; start < ids.length; start += ADD_CHUNK) {
      const chunk = ids.slice(start, start + ADD_CHUNK);
      const states = await Promise.all(chunk.map((id) => queue.getJobState(imageJobId(id))));
      await Promise.all(
        chunk
          .filter((_, i) => states[i] === 'completed' || states[i] === 'failed')
          .map((id) =>
            queue.remove(imageJobId(id)).catch((error: unknown) => this.logger.warn({ err: error, articleId: id }, 'Could not remove a finished image job')),
          ),
      );
      await this.jobs.enqueueMany(
        'image-regenerate',
        chunk.map((articleId) => ({ payload: { articleId }, options: { ...imageJobOptions(articleId), removeOnComplete: true } })),
      );
    }
  }

  private existingIds(request: { blogIds?: number[]; regenerateAll?: boolean }): Promise<number[]> {
    return this.articles.existingIds(request.regenerateAll ? 'all' : (request.blogIds ?? []));
  }
}
