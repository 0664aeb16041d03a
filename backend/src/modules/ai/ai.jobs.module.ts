import { Module } from '@nestjs/common';
import { CommentsModule } from '../comments/comments.module.js';
import { AiCommentaryModule } from './ai-commentary.module.js';
import { AiModule } from './ai.module.js';
import { AiProcessor } from './ai.processor.js';

/** Worker side of the AI layer. */
@Module({ imports: [AiModule, AiCommentaryModule, CommentsModule], providers: [AiProcessor] })
export class AiJobsModule {}
