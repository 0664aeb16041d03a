import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { BackupService } from './backup.service.js';

/** One recovery job at a time per worker: they read or rewrite many articles at once. */
@Processor('recovery', { concurrency: 1 })
export class RecoveryProcessor extends WorkerHost {
  constructor(private readonly backups: BackupService) {
    super();
  }

  async process(job: Job<JobPayload<'backup-snapshot'>, JobResult<'backup-snapshot'>, string>): Promise<JobResult<'backup-snapshot'>> {
    switch (job.name) {
      case 'backup-snapshot':
        return this.backups.snapshot(job.data.reason);
      default:
        throw new Error(`Unknown recovery job '${job.name}'`);
    }
  }
}
