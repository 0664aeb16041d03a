import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { NewsroomAdminController } from './newsroom-admin.controller.js';
import { NewsroomController, TrustTxtController } from './newsroom.controller.js';
import { NewsroomService } from './newsroom.service.js';

/** The newsroom's published promises, the masthead and /trust.txt; cached with the published articles (ArticlesModule). */
@Module({
  imports: [ArticlesModule],
  controllers: [NewsroomController, NewsroomAdminController, TrustTxtController],
  providers: [NewsroomService],
  exports: [NewsroomService],
})
export class NewsroomModule {}
