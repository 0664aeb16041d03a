import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { AiCommentaryService } from './ai-commentary.service.js';

@Module({ imports: [ArticlesModule], providers: [AiCommentaryService], exports: [AiCommentaryService] })
export class AiCommentaryModule {}
