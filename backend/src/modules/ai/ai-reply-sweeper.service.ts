import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { sweepEvery } from '../../queue/sweeper.js';
import { Comment } from '../comments/comment.entity.js';
import { aiReplyJobOptions } from '../comments/comments.service.js';

/** Older comments without a reply have had their chance (a job that failed for good is not retried forever). */
const SWEEP_WINDOW_MS = 24 * 3600 * 1000;
const SWEEP_BATCH = 500;

/**
 * A comment is stored before its AI-reply job is queued; when Redis was down in between, the comment
 * has no job. Every worker queues the jobs of such comments now and then: the job id is per comment,
 * so a comment whose job exists (waiting, running, finished or failed) is left alone.
 */
@Injectable()
export class AiReplySweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AiReplySweeperService.name);
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobProducer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = sweepEvery(this.config.queue.sweepIntervalMs, () => this.sweep(), this.logger, 'AI replies of comments whose job was never queued');
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  /** Queues the reply job of every recent comment still without a reply; returns how many it asked for. */
  async sweep(): Promise<number> {
    const now = Date.now();
    // Younger comments may still be in the request that queues their job.
    const comments = await this.em.fork().find(
      Comment,
      { aiResponse: null, createdAt: { $gt: new Date(now - SWEEP_WINDOW_MS), $lt: new Date(now - this.config.queue.sweepIntervalMs) } },
      { fields: ['id'], orderBy: { id: 'asc' }, limit: SWEEP_BATCH },
    );
    if (comments.length === 0) return 0;
    await this.jobs.enqueueMany('ai-comment-reply', comments.map(({ id }) => ({ payload: { commentId: id }, options: aiReplyJobOptions(id) })));
    return comments.length;
  }
}
