import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';

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
    @InjectConfig('backup') private readonly config: ConfigSlice<'backup'>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.jobs.queue('recovery');
    await queue.setGlobalConcurrency(1);
    if (this.config.cron) {
      await this.jobs.schedule('backup-snapshot', { pattern: this.config.cron }, { reason: 'schedule' });
      this.logger.log(`Article backups scheduled: ${this.config.cron}`);
    } else {
      await this.jobs.unschedule('backup-snapshot');
    }
  }
}
