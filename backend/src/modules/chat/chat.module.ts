import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { ProvenanceModule } from '../provenance/index.js';
import { ChatMemoryService } from './chat-memory.service.js';
import { ChatController } from './chat.controller.js';
import { ChatService } from './chat.service.js';

@Module({ imports: [ArticlesModule, ProvenanceModule], controllers: [ChatController], providers: [ChatService, ChatMemoryService] })
export class ChatModule {}
