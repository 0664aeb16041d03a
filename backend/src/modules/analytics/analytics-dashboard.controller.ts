import { Controller, Get, Query } from '@nestjs/common';
import {
  AnalyticsRangeQuerySchema,
  type AnalyticsNewsletter,
  type AnalyticsRangeQuery,
  type AnalyticsTop,
  type AnalyticsTopArticles,
  type AnalyticsViews,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { AnalyticsReader } from './analytics.reader.js';

const range = () => new ZodValidationPipe(AnalyticsRangeQuerySchema);

/** The Analytics tab: one route per chart, each over a date range of whole UTC days. */
@Controller('admin/analytics')
export class AnalyticsDashboardController {
  constructor(private readonly reader: AnalyticsReader) {}

  @RequirePermission('analytics.read')
  @Get('views')
  views(@Query(range()) query: AnalyticsRangeQuery): Promise<AnalyticsViews> {
    return this.reader.views(query);
  }

  @RequirePermission('analytics.read')
  @Get('articles')
  articles(@Query(range()) query: AnalyticsRangeQuery): Promise<AnalyticsTopArticles> {
    return this.reader.articles(query);
  }

  @RequirePermission('analytics.read')
  @Get('categories')
  categories(@Query(range()) query: AnalyticsRangeQuery): Promise<AnalyticsTop> {
    return this.reader.top('categories', query);
  }

  @RequirePermission('analytics.read')
  @Get('sources')
  sources(@Query(range()) query: AnalyticsRangeQuery): Promise<AnalyticsTop> {
    return this.reader.top('sources', query);
  }

  @RequirePermission('analytics.read')
  @Get('countries')
  countries(@Query(range()) query: AnalyticsRangeQuery): Promise<AnalyticsTop> {
    return this.reader.top('countries', query);
  }

  @RequirePermission('analytics.read')
  @Get('newsletter')
  newsletter(@Query(range()) query: AnalyticsRangeQuery): Promise<AnalyticsNewsletter> {
    return this.reader.newsletter(query);
  }
}
