import { Module } from '@nestjs/common';
import { ImagesProcessor } from './images.processor.js';
import { MediaModule } from './media.module.js';

/** Worker side of media. */
@Module({ imports: [MediaModule], providers: [ImagesProcessor] })
export class MediaJobsModule {}
