import { BadRequestException, Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_BACK_FIELD, InteractionRequestSchema } from '@ai-mind/contracts';
import { PublicWrite } from '../auth/route-access.js';
import { answerPageForm, backTo, FormFlashService, formField, type PostedForm } from '../../common/page-form.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { consumeInteractionLimits } from './interactions.controller.js';
import { InteractionsService } from './interactions.service.js';
import { visitorId } from './visitor-id.js';

/**
 * The Like and Share buttons' form, for a click that comes before the page's scripts (or without
 * them): the same record as POST /api/interactions, then a redirect back to the page (a share comes
 * back with the article's link to copy). A public write: only the site's own pages may post it, so no
 * other site can make its visitors like or share articles. Once the page is hydrated the buttons record through the JSON
 * endpoint and the form is never submitted: one click, one count.
 */
@Controller('interactions')
export class InteractionFormController {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly rateLimiter: RateLimiterService,
    private readonly flashes: FormFlashService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @PublicWrite()
  @Post('form')
  @HttpCode(303)
  async submit(@Body() form: PostedForm | undefined, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const parsed = InteractionRequestSchema.safeParse({ articleId: Number(formField(form, 'articleId')), type: formField(form, 'type') });
    if (!parsed.success) throw new BadRequestException('A like or a share names its article');
    const interaction = parsed.data;
    const record = async () => {
      await consumeInteractionLimits(this.rateLimiter, request.ip, interaction);
      await this.interactions.record(interaction, request.ip, visitorId(request, reply, this.config.session.cookieSecure));
    };
    if (interaction.type === 'share') {
      await answerPageForm(this.flashes, reply, form, { form: 'share', articleId: interaction.articleId, values: {}, act: record });
      return;
    }
    await record();
    void reply.header('location', backTo(form?.[FORM_BACK_FIELD])).header('cache-control', 'no-store');
  }
}
