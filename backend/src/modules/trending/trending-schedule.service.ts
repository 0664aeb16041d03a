import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';

/**
 * Keeps the repeatable refresh in line with TRENDING_REFRESH_MINUTES whenever a worker starts. The job
 * scheduler lives in Redis, so one job runs per interval cluster-wide (the first one at once).
 */
@Injectable()
export class TrendingScheduleService implements OnApplicationBootstrap {
  private readonly logger = new Logger(TrendingScheduleService.name);

  constructor(
    private readonly jobs: JobProducer,
    @InjectConfig('trending') private readonly config: ConfigSlice<'trending'>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const minutes = this.config.refreshMinutes;
    if (minutes === 0) {
      await this.jobs.unschedule('trending-refresh');
      this.logger.log('Scheduled trending refresh is off (TRENDING_REFRESH_MINUTES=0)');
      return;
    }
    await this.jobs.schedule('trending-refresh', { every: Math.round(minutes * 60_000) }, { trigger: 'schedule' });
    this.logger.log({ minutes, feeds: this.config.feeds.length || 'bundled snapshot' }, 'Trending refresh scheduled');
  }
}
