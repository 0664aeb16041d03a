import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { StoriesAdminController } from './stories-admin.controller.js';
import { StoriesController } from './stories.controller.js';
import { StoryCommands } from './story-commands.js';
import { StoryReads } from './story-reads.js';

/** Stories (docs/stories.md): their public pages, the story an article links to, and the editors' Stories view. */
@Module({
  imports: [ArticlesModule],
  controllers: [StoriesController, StoriesAdminController],
  providers: [StoryReads, StoryCommands],
  exports: [StoryReads],
})
export class StoriesModule {}
