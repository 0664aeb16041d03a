import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { PendingWorkSweeper } from '../../queue/sweeper.js';
import { aiReplyJobOptions, Comment } from '../comments/index.js';

/** Older comments without a reply have had their chance (a job that failed for good is not retried forever). */
const SWEEP_WINDOW_MS = 24 * 3600 * 1000;
const SWEEP_BATCH = 500;

/** Queues the AI-reply job of comments stored while Redis was down. */
@Injectable()
export class AiReplySweeperService extends PendingWorkSweeper {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobProducer,
    @InjectConfig('queue') config: ConfigSlice<'queue'>,
  ) {
    super(config.sweepIntervalMs, 'AI replies of comments');
  }

  async sweep(): Promise<number> {
    const comments = await this.em
      .fork()
      .find(Comment, { aiResponse: null, createdAt: this.createdWithin(SWEEP_WINDOW_MS) }, { fields: ['id'], orderBy: { id: 'asc' }, limit: SWEEP_BATCH });
    if (comments.length === 0) return 0;
    await this.jobs.enqueueMany(
      'ai-comment-reply',
      comments.map(({ id }) => ({ payload: { commentId: id }, options: aiReplyJobOptions(id) })),
    );
    return comments.length;
  }
}
