import { Controller, Get, Param } from '@nestjs/common';
import { NewsroomPageParamsSchema, type NewsroomTextKey, type PublicNewsroomPage } from '@ai-mind/contracts';
import { Cacheable } from '../../common/cacheable.js';
import { FEED_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, renderedBytes, type RenderedAnswer } from '../../common/http-cache.js';
import { Public } from '../../common/route-access.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { NEWSROOM_CACHE_KEY } from './newsroom.sql.js';
import { NewsroomService } from './newsroom.service.js';

/** One of the newsroom's published promises, as its page shows it (the masthead with its people). */
@Controller('newsroom')
export class NewsroomController {
  constructor(private readonly newsroom: NewsroomService) {}

  @Public()
  @Get(':page')
  @Cacheable({ cacheControl: PUBLIC_CACHE_CONTROL, keys: () => [NEWSROOM_CACHE_KEY] })
  page(@Param(new ZodValidationPipe(NewsroomPageParamsSchema)) params: { page: NewsroomTextKey }): Promise<PublicNewsroomPage> {
    return this.newsroom.publicPage(params.page);
  }
}

/** /trust.txt at the site root (outside the /api prefix, see FEED_ROOT_PATHS), where JournalList's crawlers look. */
@Controller()
export class TrustTxtController {
  constructor(private readonly newsroom: NewsroomService) {}

  /** Made from the configuration alone: its prepared answer holds while the process runs. */
  @Public()
  @Get('trust.txt')
  @Cacheable({ cacheControl: FEED_CACHE_CONTROL, prepared: true })
  trustTxt(): RenderedAnswer {
    return renderedBytes(Buffer.from(this.newsroom.trustTxt()), 'text/plain; charset=utf-8');
  }
}
