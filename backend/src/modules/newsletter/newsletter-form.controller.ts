import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NewsletterRequestSchema } from '@ai-mind/contracts';
import { answerPageForm, formField, FormFlashService, type PostedForm } from '../../common/page-form.js';
import { clientOf } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { parseRequest } from '../../common/zod-validation.pipe.js';
import { PublicWrite } from '../auth/route-access.js';
import { consumeNewsletterLimit } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';

/**
 * The footer's newsletter box as the browser posts it (without the page's scripts, or before them):
 * the rule and limit of POST /api/newsletter, then back to the page with the confirmation or the
 * address's error and the address typed.
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
    await answerPageForm(this.flashes, reply, body, {
      form: 'newsletter',
      values,
      act: async () => {
        const { email } = parseRequest(NewsletterRequestSchema, values);
        await consumeNewsletterLimit(this.rateLimiter, clientOf(request));
        await this.newsletter.subscribe(email);
      },
    });
  }
}
