import { Module } from '@nestjs/common';
import { AnalyticsDashboardController } from './analytics-dashboard.controller.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsReader } from './analytics.reader.js';

@Module({ controllers: [AnalyticsController, AnalyticsDashboardController], providers: [AnalyticsReader] })
export class AnalyticsModule {}
