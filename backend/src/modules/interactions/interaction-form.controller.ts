import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InteractionFormSchema, type InteractionForm } from '@ai-mind/contracts';
import { PublicWrite } from '../../common/route-access.js';
import { answerPageForm, FormFlashService } from '../../common/page-form.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { consumeInteractionLimits } from './interactions.controller.js';
import { InteractionsService } from './interactions.service.js';
import { visitorId } from './visitor-id.js';
import { clientOf } from '../../common/client-hash.js';

/**
 * The Like and Share buttons' form, for a click that comes before the page's scripts (or without
 * them): the same record as POST /api/interactions, then a redirect back to the page (a share comes
 * back with the article's link to copy). A public write: only the site's own pages may post it, so no
 * other site can make its visitors like or share articles. Once the page is hydrated the buttons
 * record through the JSON endpoint and the form is never submitted: one click, one count. A malformed
 * field (`back` included) is a 400 with its field named, before anything is recorded.
 */
@Controller('interactions')
export class InteractionFormController {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly rateLimiter: RateLimiterService,
    private readonly flashes: FormFlashService,
    @InjectConfig('auth') private readonly config: ConfigSlice<'auth'>,
  ) {}

  @PublicWrite()
  @Post('form')
  @HttpCode(303)
  async submit(
    @Body(new ZodValidationPipe(InteractionFormSchema)) form: InteractionForm,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const interaction = { articleId: form.articleId, type: form.type };
    const client = clientOf(request);
    const record = async () => {
      await consumeInteractionLimits(this.rateLimiter, client, interaction);
      await this.interactions.record(interaction, client, visitorId(request, reply, this.config.session.cookieSecure));
    };
    if (interaction.type === 'share') {
      await answerPageForm(this.flashes, reply, form, { form: 'share', articleId: interaction.articleId, values: {}, act: record });
      return;
    }
    await record();
    // A path the schema checked before anything was recorded: always a valid Location header.
    void reply.header('location', form.back ?? '/').header('cache-control', 'no-store');
  }
}
