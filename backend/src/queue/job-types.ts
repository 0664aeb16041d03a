import type { QueueName } from './queue-names.js';

export interface BackupSnapshotPayload {
  reason: string;
}
export interface BackupSnapshotResult {
  backupId: number;
  articleCount: number;
  publishedCount: number;
}

export interface AiCommentaryPayload {
  articleId: number;
}
export interface AiCommentaryResult {
  written: boolean;
}

export interface AiCommentReplyPayload {
  commentId: number;
}

export interface WorkflowGeneratePayload {
  approvedTopicId: number;
}
export interface WorkflowGenerateResult {
  articleId: number;
}

/** Each job name with its queue, payload and result: the only jobs that can be added. */
export interface JobDefinitions {
  'backup-snapshot': { queue: 'recovery'; payload: BackupSnapshotPayload; result: BackupSnapshotResult };
  'ai-commentary': { queue: 'ai'; payload: AiCommentaryPayload; result: AiCommentaryResult };
  'ai-comment-reply': { queue: 'ai'; payload: AiCommentReplyPayload; result: AiCommentaryResult };
  'workflow-generate': { queue: 'workflow'; payload: WorkflowGeneratePayload; result: WorkflowGenerateResult };
}

export type JobName = keyof JobDefinitions;
export type JobPayload<N extends JobName> = JobDefinitions[N]['payload'];
export type JobResult<N extends JobName> = JobDefinitions[N]['result'];

export const JOB_QUEUE: { [N in JobName]: JobDefinitions[N]['queue'] & QueueName } = {
  'backup-snapshot': 'recovery',
  'ai-commentary': 'ai',
  'ai-comment-reply': 'ai',
  'workflow-generate': 'workflow',
};
