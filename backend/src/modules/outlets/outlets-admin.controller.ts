import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  OutletParamsSchema,
  SaveOutletRequestSchema,
  SourcingSettingsSchema,
  type AdminSourcingSettings,
  type ArticleOutletMix,
  type MessageResponse,
  type Outlet,
  type SaveOutletFields,
  type SourcingSettings,
  type StoryOutletMixes,
  type TrendingOutletMix,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { OutletMix } from './outlet-mix.service.js';
import { OutletsService } from './outlets.service.js';

/**
 * The outlet list and the sourcing setting are the owner's: those routes declare no permission (the
 * access gate's default). The mixes are read by whoever reads the topics and articles they describe.
 */
@Controller('admin/outlets')
export class OutletsAdminController {
  constructor(
    private readonly outlets: OutletsService,
    private readonly mix: OutletMix,
  ) {}

  @Get()
  list(): Promise<Outlet[]> {
    return this.outlets.list();
  }

  @Post()
  @HttpCode(201)
  create(@Body(new ZodValidationPipe(SaveOutletRequestSchema)) body: SaveOutletFields, @Req() request: FastifyRequest): Promise<Outlet> {
    return this.outlets.create(body, request.adminSession!.username);
  }

  @Get('settings')
  settings(): Promise<AdminSourcingSettings> {
    return this.outlets.settings();
  }

  @Put('settings')
  @HttpCode(200)
  saveSettings(@Body(new ZodValidationPipe(SourcingSettingsSchema)) body: SourcingSettings, @Req() request: FastifyRequest): Promise<AdminSourcingSettings> {
    return this.outlets.saveSettings(body, request.adminSession!.username);
  }

  @RequirePermission('trending.read')
  @Get('trending-mix')
  trendingMix(): Promise<TrendingOutletMix> {
    return this.mix.ofTrendingTopics();
  }

  // Read where the Stories tab is, by those who publish.
  @RequirePermission('articles.publish')
  @Get('stories-mix')
  storiesMix(): Promise<StoryOutletMixes> {
    return this.mix.ofStories();
  }

  @RequirePermission('articles.draft')
  @Get('articles/:id')
  ofArticle(@Param(new ZodValidationPipe(OutletParamsSchema)) params: { id: number }): Promise<ArticleOutletMix> {
    return this.mix.ofArticle(params.id);
  }

  @Put(':id')
  @HttpCode(200)
  update(
    @Param(new ZodValidationPipe(OutletParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(SaveOutletRequestSchema)) body: SaveOutletFields,
    @Req() request: FastifyRequest,
  ): Promise<Outlet> {
    return this.outlets.update(params.id, body, request.adminSession!.username);
  }

  @Post(':id/delete')
  @HttpCode(200)
  async remove(@Param(new ZodValidationPipe(OutletParamsSchema)) params: { id: number }): Promise<MessageResponse> {
    const removed = await this.outlets.remove(params.id);
    return { message: `"${removed.name}" is no longer on the outlet list.` };
  }
}
