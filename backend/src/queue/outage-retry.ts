import { DelayedError, type Job } from 'bullmq';
import { unavailableDatastore } from '../common/connection-errors.js';

/** How long a job waits before it tries again when PostgreSQL or Redis was unreachable. */
export const OUTAGE_RETRY_DELAY_MS = 5_000;

/**
 * Runs a job's work; when it fails because a datastore is unreachable, the job goes back to the
 * queue (delayed) without using up an attempt: an outage longer than the retries' backoff would
 * otherwise fail the job for good and its work (a comment's reply, a blog) would never be done.
 */
export async function retryingThroughOutages<T>(job: Job, token: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!token || !unavailableDatastore(error)) throw error;
    await job.moveToDelayed(Date.now() + OUTAGE_RETRY_DELAY_MS, token);
    throw new DelayedError();
  }
}
