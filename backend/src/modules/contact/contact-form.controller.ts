import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContactRequestSchema } from '@ai-mind/contracts';
import { answerPageForm, formField, FormFlashService, type PostedForm } from '../../common/page-form.js';
import { clientOf } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { parseRequest } from '../../common/zod-validation.pipe.js';
import { PublicWrite } from '../../common/route-access.js';
import { consumeContactLimit } from './contact.controller.js';
import { ContactService } from './contact.service.js';

/**
 * The contact page's form as the browser posts it (without the page's scripts, or before them): the
 * rules, limit and honeypot of POST /api/contact, then back to the page with the thank-you or the
 * field errors and what was typed.
 */
@Controller('contact')
export class ContactFormController {
  constructor(
    private readonly contact: ContactService,
    private readonly rateLimiter: RateLimiterService,
    private readonly flashes: FormFlashService,
  ) {}

  @PublicWrite()
  @Post('form')
  @HttpCode(303)
  async submit(@Body() body: PostedForm | undefined, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const values = { name: formField(body, 'name'), email: formField(body, 'email'), subject: formField(body, 'subject'), message: formField(body, 'message') };
    await answerPageForm(this.flashes, reply, body, {
      form: 'contact',
      values,
      act: async () => {
        const message = parseRequest(ContactRequestSchema, { ...values, website: formField(body, 'website') });
        await consumeContactLimit(this.rateLimiter, clientOf(request));
        await this.contact.submit(message);
      },
    });
  }
}
