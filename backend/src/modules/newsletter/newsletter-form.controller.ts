import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_BACK_FIELD, NEWSLETTER_PAGE_TEXT, NEWSLETTER_TOKEN_FIELD, NewsletterRequestSchema, type PageFormId } from '@ai-mind/contracts';
import { answerPageForm, formField, FormFlashService, type PostedForm } from '../../common/page-form.js';
import { clientOf } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { parseRequest, ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { PublicWrite } from '../../common/route-access.js';
import { consumeNewsletterLimit } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';

/**
 * The newsletter's forms as the browser posts them (without the page's scripts, or before them): the
 * footer's sign-up (its page recorded as where the consent was given), and the forms of the pages an
 * email's link leads to (confirm, unsubscribe, remove my data), each carrying the link's token. Each
 * answers 303 back to its page with the outcome.
 */
@Controller('newsletter')
export class NewsletterFormController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly rateLimiter: RateLimiterService,
    private readonly flashes: FormFlashService,
  ) {}

  @PublicWrite()
  @Post('form')
  @HttpCode(303)
  async submit(@Body() body: PostedForm | undefined, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const values = { email: formField(body, 'email') };
    const source = new URL(formField(body, FORM_BACK_FIELD) || '/', 'http://this.site').pathname;
    await answerPageForm(this.flashes, reply, body, {
      form: 'newsletter',
      values,
      act: async () => {
        const { email } = parseRequest(NewsletterRequestSchema, values);
        await consumeNewsletterLimit(this.rateLimiter, clientOf(request));
        await this.newsletter.subscribe(email, source);
      },
    });
  }

  @PublicWrite()
  @Post('confirm/form')
  @HttpCode(303)
  async confirm(@Body() body: PostedForm | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.withToken('newsletterConfirm', body, reply, (token) => this.newsletter.confirm(token), false);
  }

  @PublicWrite()
  @Post('unsubscribe/form')
  @HttpCode(303)
  async unsubscribe(@Body() body: PostedForm | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    // The page still offers to remove the data once the reader has left, with the same token.
    await this.withToken('newsletterLeave', body, reply, (token) => this.newsletter.unsubscribe(token), true);
  }

  @PublicWrite()
  @Post('erase/form')
  @HttpCode(303)
  async erase(@Body() body: PostedForm | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.withToken('newsletterErase', body, reply, (token) => this.newsletter.erase(token), false);
  }

  private withToken(
    form: PageFormId,
    body: PostedForm | undefined,
    reply: FastifyReply,
    act: (token: string) => Promise<boolean>,
    keepValues: boolean,
  ): Promise<void> {
    const token = formField(body, NEWSLETTER_TOKEN_FIELD);
    return answerPageForm(this.flashes, reply, body, {
      form,
      values: { [NEWSLETTER_TOKEN_FIELD]: token },
      keepValues,
      act: async () => {
        if (!(await act(token))) throw new ValidationFailedException([{ path: '', message: NEWSLETTER_PAGE_TEXT.invalidLink }]);
      },
    });
  }
}
