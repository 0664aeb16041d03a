import type { RestoredArticle } from '@ai-mind/contracts';
import type { BackoffOptions } from 'bullmq';
import type { ConfigReader } from '../config/config.module.js';
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

/** One run of the source watch: the schedule's, or one an editor asked for. */
export interface SourceWatchRunPayload {
  trigger: 'schedule' | 'manual';
}
/** What one run of the source watch found, by source (each outcome counted once per source checked). */
export interface SourceWatchRunResult {
  checked: number;
  unchanged: number;
  changed: number;
  rewritten: number;
  gone: number;
  failed: number;
  /** Sources read for the first time whose approval kept no page text: their text now is what later runs compare with. */
  baselined: number;
}

export interface FollowsConfirmationPayload {
  followId: number;
}
export interface FollowsTickResult {
  deliveries: number;
  bundles: number;
  senders: number;
}
export interface FollowsSendPayload {
  /** Which of the FOLLOWS_SENDERS slots: its job id, so a tick never queues a slot already waiting or running. */
  slot: number;
}
export interface FollowsSendResult {
  sent: number;
  failed: number;
  dropped: number;
}

/** One delivery of an article's activity to one inbox (a fediverse_delivery row). */
export interface FediverseDeliverPayload {
  deliveryId: number;
}
export interface FediverseDeliverResult {
  status: 'sent' | 'failed';
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
  'source-watch-run': { queue: 'source-watch'; payload: SourceWatchRunPayload; result: SourceWatchRunResult };
  'follows-tick': { queue: 'follows'; payload: Record<string, never>; result: FollowsTickResult };
  'follows-confirmation': { queue: 'follows'; payload: FollowsConfirmationPayload; result: { sent: boolean } };
  'follows-send': { queue: 'follows-send'; payload: FollowsSendPayload; result: FollowsSendResult };
  'fediverse-deliver': { queue: 'fediverse'; payload: FediverseDeliverPayload; result: FediverseDeliverResult };
}

export type JobName = keyof JobDefinitions;
export type JobPayload<N extends JobName> = JobDefinitions[N]['payload'];
export type JobResult<N extends JobName> = JobDefinitions[N]['result'];
/** The job names added to queue Q. */
export type JobNamesOf<Q extends QueueName> = { [N in JobName]: JobDefinitions[N]['queue'] extends Q ? N : never }[JobName];

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
  'source-watch-run': 'source-watch',
  'follows-tick': 'follows',
  'follows-confirmation': 'follows',
  'follows-send': 'follows-send',
  'fediverse-deliver': 'fediverse',
};

/** How often a job is tried and how long it waits between tries. */
export interface RetryPolicy {
  attempts: number;
  backoff: BackoffOptions;
}

/** Three tries, 2 s then 4 s apart. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, backoff: { type: 'exponential', delay: 2_000 } };

/**
 * Each job name's retries, applied by the producer to every job it adds or schedules; a policy that
 * depends on the payload or the config is a function of them.
 */
export const JOB_RETRY: { [N in JobName]: RetryPolicy | ((payload: JobPayload<N>, config: ConfigReader) => RetryPolicy) } = {
  'backup-snapshot': DEFAULT_RETRY,
  'quick-recovery': DEFAULT_RETRY,
  'deep-recovery': DEFAULT_RETRY,
  'recreate-from-sitemap': DEFAULT_RETRY,
  'sitemap-snapshot': DEFAULT_RETRY,
  // A provider failure on the last try falls back to cover art (ImagesProcessor).
  'image-regenerate': { attempts: 4, backoff: { type: 'exponential', delay: 2_000 } },
  'ai-commentary': DEFAULT_RETRY,
  'ai-comment-reply': DEFAULT_RETRY,
  'workflow-generate': DEFAULT_RETRY,
  'workflow-dispatch': (_payload, config) => ({
    attempts: config('automation').maxAttempts,
    backoff: { type: 'exponential', delay: config('automation').retryDelayMs },
  }),
  // One an admin asked for is tried once; the schedule's runs retry.
  'trending-refresh': ({ trigger }) => (trigger === 'manual' ? { ...DEFAULT_RETRY, attempts: 1 } : DEFAULT_RETRY),
  'scheduled-publish': DEFAULT_RETRY,
  'newsletter-confirmation': DEFAULT_RETRY,
  'newsletter-schedule': DEFAULT_RETRY,
  'newsletter-send': { attempts: 10, backoff: { type: 'exponential', delay: 1_000 } },
  // A run records what it found as it goes; the next scheduled run picks up what a failed one left.
  'source-watch-run': { ...DEFAULT_RETRY, attempts: 1 },
  // The next tick runs anyway: a failed one is not tried again.
  'follows-tick': { ...DEFAULT_RETRY, attempts: 1 },
  'follows-confirmation': DEFAULT_RETRY,
  // Each message keeps its own attempts and backoff (follow_delivery); a failed sending job is replaced by the next tick's.
  'follows-send': { ...DEFAULT_RETRY, attempts: 1 },
  'fediverse-deliver': (_payload, config) => ({
    attempts: config('fediverse').deliveryAttempts,
    backoff: { type: 'exponential', delay: config('fediverse').retryDelayMs },
  }),
};

export function retryPolicy<N extends JobName>(name: N, payload: JobPayload<N>, config: ConfigReader): RetryPolicy {
  const policy = JOB_RETRY[name] as RetryPolicy | ((payload: JobPayload<N>, config: ConfigReader) => RetryPolicy);
  return typeof policy === 'function' ? policy(payload, config) : policy;
}
