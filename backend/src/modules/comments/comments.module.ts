import { Module } from '@nestjs/common';
import { CommentFormController } from './comment-form.controller.js';
import { ArticlesModule } from '../articles/index.js';
import { CommentsAdminController } from './comments-admin.controller.js';
import { CommentsAdminService } from './comments-admin.service.js';
import { CommentsController } from './comments.controller.js';
import { CommentsService } from './comments.service.js';

@Module({
  imports: [ArticlesModule],
  controllers: [CommentsController, CommentFormController, CommentsAdminController],
  providers: [CommentsService, CommentsAdminService],
  exports: [CommentsService, CommentsAdminService],
})
export class CommentsModule {}
