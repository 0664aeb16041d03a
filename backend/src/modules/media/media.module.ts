import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { ArticleImageService } from './article-image.service.js';
import { ImagesService } from './images.service.js';

/** Article images: queued regeneration (API side) and rendering and storage (worker side). */
@Module({
  imports: [ArticlesModule],
  providers: [ImagesService, ArticleImageService],
  exports: [ImagesService, ArticleImageService],
})
export class MediaModule {}
