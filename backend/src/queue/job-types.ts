import type { RestoredArticle } from '@ai-mind/contracts';
import type { QueueName } from './queue-names.js';

export interface BackupSnapshotPayload {
  reason: string;
}
export interface BackupSnapshotResult {
  backupId: number;
  articleCount: number;
  publishedCount: number;
}

/** A recovery run; `requestedBy` is for the logs (an admin's name, 'cli', 'schedule'). */
export interface RecoveryPayload {
  requestedBy: string;
}
export interface QuickRecoveryResult {
  restored: RestoredArticle[];
  totalArticlesNow: number;
  publishedArticlesNow: number;
}
export interface DeepRecoveryResult extends QuickRecoveryResult {
  /** Distinct articles found across every backup and revision scanned. */
  articlesFound: number;
  backupsFound: number;
}
export type RecreateFromSitemapResult = QuickRecoveryResult;

export interface ImageRegeneratePayload {
  articleId: number;
}
export interface ImageRegenerateResult {
  updated: boolean;
  imageUrl: string | null;
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

export interface WorkflowDispatchPayload {
  approvedTopicId: number;
}
export interface WorkflowDispatchResult {
  statusCode: number;
}

export interface TrendingRefreshPayload {
  trigger: 'schedule' | 'manual';
}
export interface TrendingRefreshResult {
  refreshId: number;
  itemCount: number;
  topicCount: number;
  failedSources: number;
}

/** A record of the article URLs that were public, for Recreate Articles (SitemapSnapshotService). */
export type SitemapSnapshotPayload = Record<string, never>;
export interface SitemapSnapshotResult {
  articleUrls: number;
  stored: boolean;
}

/** Publishes the scheduled articles whose time has come; `articleId` names the one it was queued for (null: the periodic sweep). */
export interface ScheduledPublishPayload {
  articleId: number | null;
}
export interface ScheduledPublishResult {
  published: number;
}

export interface NewsletterConfirmationPayload {
  subscriberId: number;
}
export interface NewsletterConfirmationResult {
  sent: boolean;
}

export type NewsletterSchedulePayload = Record<string, never>;

/** One of a digest's sending jobs (`sender` tells them apart). */
export interface NewsletterSendPayload {
  digestId: number;
  sender: number;
}
export interface NewsletterSendResult {
  sent: number;
  failed: number;
}

/** Each job name with its queue, payload and result: the only jobs that can be added. */
export interface JobDefinitions {
  'backup-snapshot': { queue: 'recovery'; payload: BackupSnapshotPayload; result: BackupSnapshotResult };
  'quick-recovery': { queue: 'recovery'; payload: RecoveryPayload; result: QuickRecoveryResult };
  'deep-recovery': { queue: 'recovery'; payload: RecoveryPayload; result: DeepRecoveryResult };
  'recreate-from-sitemap': { queue: 'recovery'; payload: RecoveryPayload; result: RecreateFromSitemapResult };
  'sitemap-snapshot': { queue: 'recovery'; payload: SitemapSnapshotPayload; result: SitemapSnapshotResult };
  'image-regenerate': { queue: 'images'; payload: ImageRegeneratePayload; result: ImageRegenerateResult };
  'ai-commentary': { queue: 'ai'; payload: AiCommentaryPayload; result: AiCommentaryResult };
  'ai-comment-reply': { queue: 'ai'; payload: AiCommentReplyPayload; result: AiCommentaryResult };
  'workflow-generate': { queue: 'workflow'; payload: WorkflowGeneratePayload; result: WorkflowGenerateResult };
  'workflow-dispatch': { queue: 'workflow'; payload: WorkflowDispatchPayload; result: WorkflowDispatchResult };
  'trending-refresh': { queue: 'trending'; payload: TrendingRefreshPayload; result: TrendingRefreshResult };
  'scheduled-publish': { queue: 'publishing'; payload: ScheduledPublishPayload; result: ScheduledPublishResult };
  'newsletter-confirmation': { queue: 'newsletter'; payload: NewsletterConfirmationPayload; result: NewsletterConfirmationResult };
  'newsletter-schedule': { queue: 'newsletter'; payload: NewsletterSchedulePayload; result: void };
  'newsletter-send': { queue: 'newsletter-send'; payload: NewsletterSendPayload; result: NewsletterSendResult };
}

export type JobName = keyof JobDefinitions;
export type JobPayload<N extends JobName> = JobDefinitions[N]['payload'];
export type JobResult<N extends JobName> = JobDefinitions[N]['result'];

export const JOB_QUEUE: { [N in JobName]: JobDefinitions[N]['queue'] & QueueName } = {
  'backup-snapshot': 'recovery',
  'quick-recovery': 'recovery',
  'deep-recovery': 'recovery',
  'recreate-from-sitemap': 'recovery',
  'sitemap-snapshot': 'recovery',
  'image-regenerate': 'images',
  'ai-commentary': 'ai',
  'ai-comment-reply': 'ai',
  'workflow-generate': 'workflow',
  'workflow-dispatch': 'workflow',
  'trending-refresh': 'trending',
  'scheduled-publish': 'publishing',
  'newsletter-confirmation': 'newsletter',
  'newsletter-schedule': 'newsletter',
  'newsletter-send': 'newsletter-send',
};
