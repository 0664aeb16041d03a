import { Injectable } from '@nestjs/common';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { BackupSnapshotResult } from '../../queue/job-types.js';

/** API side of recovery: asks the worker for the work and waits for its answer. */
@Injectable()
export class RecoveryService {
  constructor(private readonly jobs: JobProducer) {}

  requestBackup(reason: string): Promise<BackupSnapshotResult> {
    return this.jobs.run('backup-snapshot', { reason });
  }
}
