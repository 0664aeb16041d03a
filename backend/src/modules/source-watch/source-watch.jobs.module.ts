import { Module } from '@nestjs/common';
import { SourceWatchScheduleService } from './source-watch-schedule.service.js';
import { SourceWatchService } from './source-watch.service.js';
import { SourceWatchProcessor } from './source-watch.processor.js';

/** Worker side of the source watch: the scheduled and on-demand runs. */
@Module({ providers: [SourceWatchService, SourceWatchProcessor, SourceWatchScheduleService] })
export class SourceWatchJobsModule {}
