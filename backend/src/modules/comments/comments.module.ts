import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module.js';
import { CommentsController } from './comments.controller.js';
import { CommentsService } from './comments.service.js';

@Module({ imports: [ArticlesModule], controllers: [CommentsController], providers: [CommentsService], exports: [CommentsService] })
export class CommentsModule {}
