import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module.js';
import { InteractionsController } from './interactions.controller.js';
import { InteractionsService } from './interactions.service.js';

@Module({ imports: [ArticlesModule], controllers: [InteractionsController], providers: [InteractionsService] })
export class InteractionsModule {}
