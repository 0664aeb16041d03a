import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { JobProducer } from '../../queue/job-producer.service.js';

/** The scheduler id of the periodic backup: one schedule for the cluster, whichever worker sets it. */
export const BACKUP_SCHEDULER_ID = 'backup-snapshot';

/**
 * Set by every worker at start, and idempotent: the recovery queue runs one job at a time across the
 * cluster, and the backup schedule (BACKUP_CRON, empty to turn it off) exists once in Redis, so each
 * backup runs once however many workers there are.
 */
@Injectable()
export class RecoverySchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger(RecoverySchedule.name);

  constructor(
    private readonly jobs: JobProducer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.jobs.queue('recovery');
    await queue.setGlobalConcurrency(1);
    if (this.config.backup.cron) {
      await queue.upsertJobScheduler(
        BACKUP_SCHEDULER_ID,
        { pattern: this.config.backup.cron },
        { name: 'backup-snapshot', data: { reason: 'schedule' }, opts: { removeOnComplete: 50, removeOnFail: 50 } },
      );
      this.logger.log(`Article backups scheduled: ${this.config.backup.cron}`);
    } else {
      await queue.removeJobScheduler(BACKUP_SCHEDULER_ID);
    }
  }
}
