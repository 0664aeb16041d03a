import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';

/**
 * Keeps the repeatable source watch in line with SOURCE_WATCH_INTERVAL_MINUTES whenever a worker starts.
 * The job scheduler lives in Redis, so one run happens per interval cluster-wide.
 */
@Injectable()
export class SourceWatchScheduleService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SourceWatchScheduleService.name);

  constructor(
    private readonly jobs: JobProducer,
    @InjectConfig('sourceWatch') private readonly config: ConfigSlice<'sourceWatch'>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const minutes = this.config.intervalMinutes;
    if (minutes === 0) {
      await this.jobs.unschedule('source-watch-run');
      this.logger.log('Scheduled source watch is off (SOURCE_WATCH_INTERVAL_MINUTES=0)');
      return;
    }
    await this.jobs.schedule('source-watch-run', { every: Math.round(minutes * 60_000) }, { trigger: 'schedule' });
    this.logger.log({ minutes, days: this.config.days }, 'Source watch scheduled');
  }
}
