import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { PendingWorkSweeper } from '../../queue/sweeper.js';
import { ApprovedTopic } from '../provenance/index.js';
import { queueArticleJob } from './article-jobs.js';

const SWEEP_WINDOW_MS = 7 * 24 * 3600 * 1000;
const SWEEP_BATCH = 100;

/** Queues the blog job of topics approved while Redis was down (they wait as 'queued' with no job). */
@Injectable()
export class ApprovedTopicSweeperService extends PendingWorkSweeper {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobProducer,
    @InjectConfig('automation') private readonly config: ConfigSlice<'automation'>,
    @InjectConfig('queue') queueConfig: ConfigSlice<'queue'>,
  ) {
    super(queueConfig.sweepIntervalMs, 'blog jobs of approved topics');
  }

  async sweep(): Promise<number> {
    const topics = await this.em
      .fork()
      .find(
        ApprovedTopic,
        { status: 'queued', articleId: null, approvedAt: this.createdWithin(SWEEP_WINDOW_MS) },
        { fields: ['id'], orderBy: { id: 'asc' }, limit: SWEEP_BATCH },
      );
    for (const { id } of topics) await queueArticleJob(this.jobs, this.config, id);
    return topics.length;
  }
}
