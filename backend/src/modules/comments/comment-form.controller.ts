import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ArticleIdParamsSchema, CreateCommentRequestSchema } from '@ai-mind/contracts';
import { answerPageForm, formField, FormFlashService, type PostedForm } from '../../common/page-form.js';
import { clientOf } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { parseRequest, ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { PublicWrite } from '../../common/route-access.js';
import { consumeCommentLimit } from './comments.controller.js';
import { CommentsService } from './comments.service.js';

/**
 * The article page's comment form as the browser posts it (without the page's scripts, or before
 * them): the rules, limit and spam screening of POST /api/articles/:id/comments, then back to the
 * article with 'Comment posted!' or the reason and what was typed.
 */
@Controller('articles/:id/comments')
export class CommentFormController {
  constructor(
    private readonly comments: CommentsService,
    private readonly rateLimiter: RateLimiterService,
    private readonly flashes: FormFlashService,
  ) {}

  @PublicWrite()
  @Post('form')
  @HttpCode(303)
  async submit(
    @Param(new ZodValidationPipe(ArticleIdParamsSchema)) params: { id: number },
    @Body() body: PostedForm | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const values = { authorName: formField(body, 'authorName'), content: formField(body, 'content') };
    await answerPageForm(this.flashes, reply, body, {
      form: 'comment',
      articleId: params.id,
      values,
      act: async () => {
        const comment = parseRequest(CreateCommentRequestSchema, values);
        await consumeCommentLimit(this.rateLimiter, clientOf(request));
        await this.comments.create(params.id, comment, clientOf(request));
      },
    });
  }
}
