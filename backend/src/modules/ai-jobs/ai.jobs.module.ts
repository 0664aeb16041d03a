import { Module } from '@nestjs/common';
import { CommentsModule } from '../comments/index.js';
import { AiCommentaryModule } from './ai-commentary.module.js';
import { AiModule } from '../ai/index.js';
import { AiProcessor } from './ai.processor.js';
import { AiReplySweeperService } from './ai-reply-sweeper.service.js';

/** Worker side of the AI layer. */
@Module({ imports: [AiModule, AiCommentaryModule, CommentsModule], providers: [AiProcessor, AiReplySweeperService] })
export class AiJobsModule {}
