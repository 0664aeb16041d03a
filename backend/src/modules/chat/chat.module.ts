import { Module } from '@nestjs/common';
import { SearchModule } from '../search/search.module.js';
import { ChatMemoryService } from './chat-memory.service.js';
import { ChatController } from './chat.controller.js';
import { ChatService } from './chat.service.js';
import { PassagesService } from './passages.service.js';

@Module({ imports: [SearchModule], controllers: [ChatController], providers: [ChatService, ChatMemoryService, PassagesService] })
export class ChatModule {}
