import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { ArticleImageService } from './article-image.service.js';
import { ImagesController } from './images.controller.js';
import { ImagesService } from './images.service.js';

/** Article images: queued regeneration and its admin route (API side), rendering and storage (worker side). */
@Module({
  imports: [ArticlesModule],
  controllers: [ImagesController],
  providers: [ImagesService, ArticleImageService],
  exports: [ImagesService, ArticleImageService],
})
export class MediaModule {}
