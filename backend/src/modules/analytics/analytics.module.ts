import { Module } from '@nestjs/common';
import { AnalyticsDashboardController } from './analytics-dashboard.controller.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsReader } from './analytics.reader.js';
import { PageViewTokens } from './page-view-tokens.service.js';

@Module({
  controllers: [AnalyticsController, AnalyticsDashboardController],
  providers: [AnalyticsReader, PageViewTokens],
  // The public pages are rendered with the tokens their page views prove them with.
  exports: [PageViewTokens],
})
export class AnalyticsModule {}
