import { Module } from '@nestjs/common';
import { TrendingRefreshService } from './trending-refresh.service.js';
import { TrendingScheduleService } from './trending-schedule.service.js';
import { TrendingProcessor } from './trending.processor.js';

/** Worker side of trending: the scheduled and on-demand refresh from the news feeds. */
@Module({ providers: [TrendingRefreshService, TrendingProcessor, TrendingScheduleService] })
export class TrendingJobsModule {}
