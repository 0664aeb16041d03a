import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { sweepEvery } from '../../queue/sweeper.js';
import { ApprovedTopic } from './approved-topic.entity.js';
import { queueBlogJob } from './blog-jobs.js';

const SWEEP_WINDOW_MS = 7 * 24 * 3600 * 1000;
const SWEEP_BATCH = 100;

/**
 * An approval is committed before its blog job is queued; when Redis was down in between, the topic
 * waits as 'queued' with no job. Every worker queues the jobs of such topics now and then (a topic
 * whose job exists, e.g. waiting for its next delivery attempt, is left alone: same job id).
 */
@Injectable()
export class ApprovedTopicSweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ApprovedTopicSweeperService.name);
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobProducer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = sweepEvery(this.config.queue.sweepIntervalMs, () => this.sweep(), this.logger, 'blog jobs of approved topics that were never queued');
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  async sweep(): Promise<number> {
    const now = Date.now();
    const topics = await this.em.fork().find(
      ApprovedTopic,
      { status: 'queued', articleId: null, approvedAt: { $gt: new Date(now - SWEEP_WINDOW_MS), $lt: new Date(now - this.config.queue.sweepIntervalMs) } },
      { fields: ['id'], orderBy: { id: 'asc' }, limit: SWEEP_BATCH },
    );
    for (const { id } of topics) await queueBlogJob(this.jobs, this.config.automation, id);
    return topics.length;
  }
}
