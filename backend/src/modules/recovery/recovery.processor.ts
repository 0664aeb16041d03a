import type { Job } from 'bullmq';
import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { ArticleRestoreService, type Progress } from './article-restore.service.js';
import { BackupService } from './backup.service.js';
import { SitemapSnapshotService } from '../pages/index.js';

/** What a recovery job reports as its progress: how far, and what it is doing. */
export interface RecoveryProgress {
  percent: number;
  message: string;
}

function progressOf(job: Job): Progress {
  return async (percent, message) => {
    await job.updateProgress({ percent, message } satisfies RecoveryProgress);
  };
}

/**
 * One recovery job at a time per worker, and (see RecoverySchedule) one at a time in the whole
 * cluster: they read or rewrite many articles at once. Each job is safe to run again from the start
 * (a worker that dies mid-job has its job handed to another worker).
 */
@QueueWorker(QUEUE.recovery, 1)
export class RecoveryProcessor extends JobProcessor<typeof QUEUE.recovery> {
  readonly handlers: JobHandlers<typeof QUEUE.recovery> = {
    'backup-snapshot': ({ reason }) => this.backups.snapshot(reason),
    'quick-recovery': ({ requestedBy }, job) => this.restore.quick(progressOf(job), requestedBy),
    'deep-recovery': ({ requestedBy }, job) => this.restore.deep(progressOf(job), requestedBy),
    'recreate-from-sitemap': ({ requestedBy }, job) => this.restore.recreateFromSitemap(progressOf(job), requestedBy),
    'sitemap-snapshot': () => this.sitemaps.recordFromDatabase(),
  };

  constructor(
    private readonly backups: BackupService,
    private readonly restore: ArticleRestoreService,
    private readonly sitemaps: SitemapSnapshotService,
  ) {
    super();
  }
}
