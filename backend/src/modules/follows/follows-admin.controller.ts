import { Controller, Get, Query } from '@nestjs/common';
import { AnalyticsRangeQuerySchema, type AnalyticsFollows, type AnalyticsRangeQuery, type StoryFollowerCounts } from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { FollowsAdminService } from './follows-admin.service.js';

/** The admin's reads of the follows: followers per story (the stories view) and the Analytics tab's section. */
@Controller('admin')
export class FollowsAdminController {
  constructor(private readonly admin: FollowsAdminService) {}

  @RequirePermission('panel.use')
  @Get('stories/followers')
  async storyFollowers(): Promise<StoryFollowerCounts> {
    return { items: await this.admin.storyFollowerCounts() };
  }

  @RequirePermission('analytics.read')
  @Get('analytics/follows')
  follows(@Query(new ZodValidationPipe(AnalyticsRangeQuerySchema)) query: AnalyticsRangeQuery): Promise<AnalyticsFollows> {
    return this.admin.analytics(query);
  }
}
