import type { Job } from 'bullmq';
import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { retryingThroughOutages } from '../../queue/outage-retry.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { CommentsService } from '../comments/index.js';
import { AiCommentaryService } from './ai-commentary.service.js';

/** AI jobs run two at a time per worker: model calls are slow and providers rate-limit. */
@QueueWorker(QUEUE.ai, 2)
export class AiProcessor extends JobProcessor<typeof QUEUE.ai> {
  readonly handlers: JobHandlers<typeof QUEUE.ai> = {
    'ai-commentary': ({ articleId }) => this.commentary.write(articleId),
    'ai-comment-reply': ({ commentId }) => this.comments.writeReply(commentId),
  };

  constructor(
    private readonly commentary: AiCommentaryService,
    private readonly comments: CommentsService,
  ) {
    super();
  }

  override process(job: Job, token?: string): Promise<unknown> {
    return retryingThroughOutages(job, token, () => super.process(job, token));
  }
}
