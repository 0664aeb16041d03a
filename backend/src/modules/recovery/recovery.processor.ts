import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobName, JobPayload, JobResult } from '../../queue/job-types.js';
import { workerOptions } from '../../queue/worker-options.js';
import { ArticleRestoreService, type Progress } from './article-restore.service.js';
import { BackupService } from './backup.service.js';
import { SitemapSnapshotService } from '../seo/sitemap-snapshot.service.js';

type RecoveryJobName = 'backup-snapshot' | 'quick-recovery' | 'deep-recovery' | 'recreate-from-sitemap' | 'sitemap-snapshot';
type RecoveryJob = Job<JobPayload<RecoveryJobName>, JobResult<RecoveryJobName>, string>;

/** What a recovery job reports as its progress: how far, and what it is doing. */
export interface RecoveryProgress {
  percent: number;
  message: string;
}

/**
 * One recovery job at a time per worker, and (see RecoverySchedule) one at a time in the whole
 * cluster: they read or rewrite many articles at once. Each job is safe to run again from the start
 * (a worker that dies mid-job has its job handed to another worker).
 */
@Processor('recovery', workerOptions(1))
export class RecoveryProcessor extends WorkerHost {
  constructor(
    private readonly backups: BackupService,
    private readonly restore: ArticleRestoreService,
    private readonly sitemaps: SitemapSnapshotService,
  ) {
    super();
  }

  async process(job: RecoveryJob): Promise<JobResult<RecoveryJobName>> {
    const progress: Progress = async (percent, message) => {
      await job.updateProgress({ percent, message } satisfies RecoveryProgress);
    };
    switch (job.name as JobName) {
      case 'backup-snapshot':
        return this.backups.snapshot((job.data as JobPayload<'backup-snapshot'>).reason);
      case 'quick-recovery':
        return this.restore.quick(progress, (job.data as JobPayload<'quick-recovery'>).requestedBy);
      case 'deep-recovery':
        return this.restore.deep(progress, (job.data as JobPayload<'deep-recovery'>).requestedBy);
      case 'recreate-from-sitemap':
        return this.restore.recreateFromSitemap(progress, (job.data as JobPayload<'recreate-from-sitemap'>).requestedBy);
      case 'sitemap-snapshot':
        return this.sitemaps.recordFromDatabase();
      default:
        throw new Error(`Unknown recovery job '${job.name}'`);
    }
  }
}
