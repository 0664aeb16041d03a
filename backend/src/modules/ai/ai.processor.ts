import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { retryingThroughOutages } from '../../queue/outage-retry.js';
import { workerOptions } from '../../queue/worker-options.js';
import { CommentsService } from '../comments/comments.service.js';
import { AiCommentaryService } from './ai-commentary.service.js';

/** AI jobs run two at a time per worker: model calls are slow and providers rate-limit. */
@Processor('ai', workerOptions(2))
export class AiProcessor extends WorkerHost {
  constructor(
    private readonly commentary: AiCommentaryService,
    private readonly comments: CommentsService,
  ) {
    super();
  }

  process(job: Job<JobPayload<'ai-commentary'> | JobPayload<'ai-comment-reply'>, JobResult<'ai-commentary'>, string>, token?: string): Promise<JobResult<'ai-commentary'>> {
    return retryingThroughOutages(job, token, () => this.run(job));
  }

  private async run(job: Job<JobPayload<'ai-commentary'> | JobPayload<'ai-comment-reply'>, JobResult<'ai-commentary'>, string>): Promise<JobResult<'ai-commentary'>> {
    switch (job.name) {
      case 'ai-commentary':
        return this.commentary.write((job.data as JobPayload<'ai-commentary'>).articleId);
      case 'ai-comment-reply':
        return this.comments.writeReply((job.data as JobPayload<'ai-comment-reply'>).commentId);
      default:
        throw new Error(`Unknown ai job '${job.name}'`);
    }
  }
}
