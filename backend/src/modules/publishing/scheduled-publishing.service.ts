import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { ScheduledPublishResult } from '../../queue/job-types.js';
import { AiCommentaryService } from '../ai-jobs/index.js';
import { ArticleReviewStore } from '../articles/index.js';
import { DUE_SWEEP_INTERVAL_MS, queueScheduledPublish } from './scheduled-publish-jobs.js';

/**
 * Worker side of the publishing schedule. The article rows are the truth: each scheduled article
 * has its delayed job, and besides those a repeatable sweep (one per interval cluster-wide) and every
 * worker's start publish whatever is due, so an article whose time passed while every worker was
 * down is published on the next start, late but once.
 */
@Injectable()
export class ScheduledPublishingService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ScheduledPublishingService.name);
  private startCheck: Promise<void> = Promise.resolve();

  constructor(
    private readonly review: ArticleReviewStore,
    private readonly commentary: AiCommentaryService,
    private readonly jobs: JobProducer,
  ) {}

  /** In the background: the worker's start (and so its handling of a stop signal) never waits on it. */
  onApplicationBootstrap(): void {
    this.startCheck = this.checkAtStart();
  }

  /** A stop during the start check lets it finish before the connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.startCheck;
  }

  private async checkAtStart(): Promise<void> {
    try {
      await this.jobs.schedule('scheduled-publish', { every: DUE_SWEEP_INTERVAL_MS }, { articleId: null });
      const { published } = await this.publishDue();
      // Jobs lost with Redis come back: the job id keeps a job that still waits the only one.
      const waiting = await this.review.scheduled();
      await Promise.all(waiting.map((row) => queueScheduledPublish(this.jobs, row.id, new Date(row.scheduled_at))));
      this.logger.log({ publishedLate: published, scheduled: waiting.length }, 'Publishing schedule checked');
    } catch (error) {
      // PostgreSQL or Redis not there yet: the sweep publishes what is due once they are.
      this.logger.warn({ err: error }, 'Could not check the publishing schedule at start');
    }
  }

  /** Publishes what is due, then asks for the AI commentary a published article always gets. */
  async publishDue(): Promise<ScheduledPublishResult> {
    const published = await this.review.publishDue();
    for (const article of published) {
      this.logger.log({ articleId: article.id }, `Published "${article.title}" at its scheduled time`);
      if (!article.ai_commentary?.trim()) await this.commentary.request(article.id);
    }
    return { published: published.length };
  }

  /** When the article is still scheduled, and for later than now (moved while its job waited, or clocks apart). */
  async stillWaiting(articleId: number): Promise<Date | null> {
    const at = await this.review.scheduledAt(articleId);
    return at && at.getTime() > Date.now() ? at : null;
  }
}
