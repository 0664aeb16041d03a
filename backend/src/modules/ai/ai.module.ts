import { Global, Module } from '@nestjs/common';
import { AiService } from './ai.service.js';

/** The LLM layer, available to every feature (chat, comments, commentary, blog generation). */
@Global()
@Module({ providers: [AiService], exports: [AiService] })
export class AiModule {}
