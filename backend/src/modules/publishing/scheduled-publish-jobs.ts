import type { JobProducer } from '../../queue/job-producer.service.js';

/** How often a worker looks for scheduled articles whose time has passed without their job (Redis lost, a job never added). */
export const DUE_SWEEP_INTERVAL_MS = 30_000;

/**
 * Queues the job that publishes a scheduled article at its time. The job only wakes a worker: the
 * article row says whether and when to publish (see ArticleReviewStore.publishDue), so a job left
 * over from an earlier time, or from a cancelled schedule, publishes nothing. One job per article
 * and time (the job id), however often the same time is asked for.
 */
export function queueScheduledPublish(jobs: JobProducer, articleId: number, at: Date): Promise<unknown> {
  return jobs.enqueue(
    'scheduled-publish',
    { articleId },
    { jobId: `scheduled-publish-${articleId}-${at.getTime()}`, delay: Math.max(0, at.getTime() - Date.now()) },
  );
}
