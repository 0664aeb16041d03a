import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmailFollowRequestSchema, FOLLOW_PAGE_TEXT, FORM_BACK_FIELD, NEWSLETTER_TOKEN_FIELD, type PageFormId } from '@ai-mind/contracts';
import { clientOf } from '../../common/client-hash.js';
import { answerPageForm, formField, FormFlashService, type PostedForm } from '../../common/page-form.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { PublicWrite } from '../../common/route-access.js';
import { parseRequest, ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { consumeFollowLimit } from './follows.controller.js';
import { FollowsService } from './follows.service.js';

/**
 * The follows' forms as the browser posts them, scripts or not: "Follow this story" / "Follow
 * <category>" by email (the page it was on recorded as where the consent was given), and the forms
 * of the pages a follow email's or a notification's link leads to (confirm, stop following), each
 * carrying the link's token. Each answers 303 back to its page with the outcome.
 */
@Controller('follows')
export class FollowsFormController {
  constructor(
    private readonly follows: FollowsService,
    private readonly rateLimiter: RateLimiterService,
    private readonly flashes: FormFlashService,
  ) {}

  @PublicWrite()
  @Post('form')
  @HttpCode(303)
  async follow(@Body() body: PostedForm | undefined, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const values = {
      email: formField(body, 'email'),
      mode: formField(body, 'mode'),
      story: formField(body, 'story'),
      article: formField(body, 'article'),
      category: formField(body, 'category'),
    };
    const source = new URL(formField(body, FORM_BACK_FIELD) || '/', 'http://this.site').pathname;
    await answerPageForm(this.flashes, reply, body, {
      form: 'follow',
      values,
      act: async () => {
        const parsed = parseRequest(EmailFollowRequestSchema, {
          email: values.email,
          mode: values.mode || 'each',
          target: {
            ...(values.story ? { story: values.story } : {}),
            ...(values.article ? { article: values.article } : {}),
            ...(values.category ? { category: values.category } : {}),
          },
        });
        await consumeFollowLimit(this.rateLimiter, clientOf(request));
        await this.follows.followByEmail(parsed, source);
      },
    });
  }

  @PublicWrite()
  @Post('confirm/form')
  @HttpCode(303)
  async confirm(@Body() body: PostedForm | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.withToken('followConfirm', body, reply, (token) => this.follows.confirm(token));
  }

  @PublicWrite()
  @Post('unsubscribe/form')
  @HttpCode(303)
  async unsubscribe(@Body() body: PostedForm | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.withToken('followLeave', body, reply, (token) => this.follows.unsubscribe(token));
  }

  private withToken(form: PageFormId, body: PostedForm | undefined, reply: FastifyReply, act: (token: string) => Promise<boolean>): Promise<void> {
    const token = formField(body, NEWSLETTER_TOKEN_FIELD);
    return answerPageForm(this.flashes, reply, body, {
      form,
      values: { [NEWSLETTER_TOKEN_FIELD]: token },
      act: async () => {
        if (!(await act(token))) throw new ValidationFailedException([{ path: '', message: FOLLOW_PAGE_TEXT.invalidLink }]);
      },
    });
  }
}
