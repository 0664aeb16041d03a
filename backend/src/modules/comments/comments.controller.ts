import { Body, Controller, Get, Header, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ArticleIdParamsSchema, CreateCommentRequestSchema, type Comment, type CreateCommentRequest } from '@ai-mind/contracts';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CommentsService, toCommentDto } from './comments.service.js';
import { Public, PublicWrite } from '../../common/route-access.js';
import { clientOf } from '../../common/client-hash.js';

/** Comments per client per window: a conversation is fine, a flood is not. */
export const COMMENT_LIMIT = { perWindow: 5, windowSeconds: 300 };

/** The 429's words: what happened (the address may be shared, so not 'you posted') and when to try again. */
export const commentLimitMessage = (wait: string) =>
  `Comment not posted: at most ${COMMENT_LIMIT.perWindow} comments can come from one network address in ${COMMENT_LIMIT.windowSeconds / 60} minutes, and that many just did. Please try again in ${wait}.`;

/** The limit every comment passes, whichever way it arrives (JSON or the page's form). */
export function consumeCommentLimit(rateLimiter: RateLimiterService, client: string): Promise<void> {
  return rateLimiter.consumeAll([
    { key: `comments:${client}`, limit: COMMENT_LIMIT.perWindow, windowSeconds: COMMENT_LIMIT.windowSeconds, message: commentLimitMessage },
  ]);
}

@Controller('articles/:id/comments')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  @Public()
  @Get()
  // Polled while an AI reply is on its way: never served from a cache.
  @Header('cache-control', 'no-store')
  async list(@Param(new ZodValidationPipe(ArticleIdParamsSchema)) params: { id: number }): Promise<Comment[]> {
    return (await this.comments.list(params.id)).map(toCommentDto);
  }

  @PublicWrite()
  @Post()
  async create(
    @Param(new ZodValidationPipe(ArticleIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(CreateCommentRequestSchema)) body: CreateCommentRequest,
    @Req() request: FastifyRequest,
  ): Promise<Comment> {
    const client = clientOf(request);
    await consumeCommentLimit(this.rateLimiter, client);
    return toCommentDto(await this.comments.create(params.id, body, client));
  }
}
