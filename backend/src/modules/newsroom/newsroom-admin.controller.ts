import { Body, Controller, Get, HttpCode, Param, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  MastheadAccountParamsSchema,
  NewsroomPageParamsSchema,
  SaveMastheadEntryRequestSchema,
  SaveNewsroomPageRequestSchema,
  type AdminMastheadEntry,
  type AdminNewsroomPage,
  type NewsroomTextKey,
  type SaveMastheadEntryRequest,
  type SaveNewsroomPageRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { NewsroomService } from './newsroom.service.js';

/**
 * The owner edits the newsroom's promises and who is named on the masthead. These routes declare no
 * permission, so they are the owner's alone (the access gate's default); each change is recorded with
 * its author and time, and every version of a text is kept (newsroom_page_revision).
 */
@Controller('admin/newsroom')
export class NewsroomAdminController {
  constructor(private readonly newsroom: NewsroomService) {}

  @Get()
  pages(): Promise<AdminNewsroomPage[]> {
    return this.newsroom.adminPages();
  }

  @Get('masthead')
  masthead(): Promise<AdminMastheadEntry[]> {
    return this.newsroom.mastheadEntries();
  }

  @Put('masthead/:id')
  @HttpCode(200)
  saveMastheadEntry(
    @Param(new ZodValidationPipe(MastheadAccountParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(SaveMastheadEntryRequestSchema)) body: SaveMastheadEntryRequest,
    @Req() request: FastifyRequest,
  ): Promise<AdminMastheadEntry> {
    return this.newsroom.saveMastheadEntry(params.id, body, request.adminSession!.username);
  }

  /** A person's own entry: anyone with an account decides whether they are named, and as what. */
  @RequirePermission('panel.use')
  @Get('masthead-self')
  ownMastheadEntry(@Req() request: FastifyRequest): Promise<AdminMastheadEntry> {
    return this.newsroom.mastheadEntry(request.adminSession!.userId);
  }

  @RequirePermission('panel.use')
  @Put('masthead-self')
  @HttpCode(200)
  saveOwnMastheadEntry(
    @Body(new ZodValidationPipe(SaveMastheadEntryRequestSchema)) body: SaveMastheadEntryRequest,
    @Req() request: FastifyRequest,
  ): Promise<AdminMastheadEntry> {
    return this.newsroom.saveMastheadEntry(request.adminSession!.userId, body, request.adminSession!.username);
  }

  @Put(':page')
  @HttpCode(200)
  savePage(
    @Param(new ZodValidationPipe(NewsroomPageParamsSchema)) params: { page: NewsroomTextKey },
    @Body(new ZodValidationPipe(SaveNewsroomPageRequestSchema)) body: SaveNewsroomPageRequest,
    @Req() request: FastifyRequest,
  ): Promise<AdminNewsroomPage> {
    return this.newsroom.savePage(params.page, body.body, request.adminSession!.username);
  }
}
