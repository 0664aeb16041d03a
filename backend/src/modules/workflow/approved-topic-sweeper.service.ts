import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { PendingWorkSweeper } from '../../queue/sweeper.js';
import { ApprovedTopic } from '../provenance/index.js';
import { queueBlogJob } from './blog-jobs.js';

const SWEEP_WINDOW_MS = 7 * 24 * 3600 * 1000;
const SWEEP_BATCH = 100;

/** Queues the blog job of topics approved while Redis was down (they wait as 'queued' with no job). */
@Injectable()
export class ApprovedTopicSweeperService extends PendingWorkSweeper {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobProducer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(config.queue.sweepIntervalMs, 'blog jobs of approved topics');
  }

  async sweep(): Promise<number> {
    const topics = await this.em
      .fork()
      .find(
        ApprovedTopic,
        { status: 'queued', articleId: null, approvedAt: this.createdWithin(SWEEP_WINDOW_MS) },
        { fields: ['id'], orderBy: { id: 'asc' }, limit: SWEEP_BATCH },
      );
    for (const { id } of topics) await queueBlogJob(this.jobs, this.config.automation, id);
    return topics.length;
  }
}
