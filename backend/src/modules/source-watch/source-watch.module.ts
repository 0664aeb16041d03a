import { Module } from '@nestjs/common';
import { SourceChangesController } from './source-changes.controller.js';
import { SourceChangesService } from './source-changes.service.js';

/** API side of the source watch: the "Source changes" queue of the admin. */
@Module({ controllers: [SourceChangesController], providers: [SourceChangesService] })
export class SourceWatchModule {}
