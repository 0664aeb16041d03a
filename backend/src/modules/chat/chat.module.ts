import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { ChatMemoryService } from './chat-memory.service.js';
import { ChatController } from './chat.controller.js';
import { ChatService } from './chat.service.js';

@Module({ imports: [ArticlesModule], controllers: [ChatController], providers: [ChatService, ChatMemoryService] })
export class ChatModule {}
