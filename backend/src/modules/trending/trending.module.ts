import { Module } from '@nestjs/common';
import { TrendingTopicsController } from './trending-topics.controller.js';
import { TrendingController } from './trending.controller.js';
import { TrendingService } from './trending.service.js';

@Module({
  controllers: [TrendingController, TrendingTopicsController],
  providers: [TrendingService],
  exports: [TrendingService],
})
export class TrendingModule {}
