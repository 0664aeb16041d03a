import { BadRequestException, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { FORM_FLASH_PARAM, NEWSLETTER_PAGE_TEXT, NEWSLETTER_PAGES, NEWSLETTER_TOKEN_FIELD, type FormFlash } from '@ai-mind/contracts';
import { AcceptsMultipartForm } from '../../common/multipart-form.js';
import { FormFlashService } from '../../common/page-form.js';
import { Public, SignatureAuthenticated } from '../../common/route-access.js';
import { NewsletterService } from './newsletter.service.js';

type TokenQuery = Record<string, unknown> | undefined;

const tokenOf = (query: TokenQuery) => (typeof query?.[NEWSLETTER_TOKEN_FIELD] === 'string' ? (query[NEWSLETTER_TOKEN_FIELD] as string) : '');

/**
 * The links in the newsletter's emails. Following one checks its signed token and leads to the page
 * whose form does what it says (a mail scanner that opens links confirms or unsubscribes nobody); the
 * token travels in the page's one-time outcome, so it is in no page a cache keeps. The unsubscribe
 * link also takes RFC 8058's one-click POST, which a mail program sends itself from its own button:
 * no session and no page of ours, the signed token is the proof.
 */
@Controller('newsletter')
export class NewsletterLinksController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly flashes: FormFlashService,
  ) {}

  @Public()
  @Get('confirm')
  @HttpCode(303)
  async confirmLink(@Query() query: TokenQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = tokenOf(query);
    const valid = (await this.newsletter.holderOf('confirm', token)) !== null;
    await this.toPage(reply, NEWSLETTER_PAGES.confirm, { form: 'newsletterConfirm', ...this.outcome(valid, token) });
  }

  @Public()
  @Get('unsubscribe')
  @HttpCode(303)
  async unsubscribeLink(@Query() query: TokenQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = tokenOf(query);
    const valid = (await this.newsletter.holderOf('unsubscribe', token)) !== null;
    await this.toPage(reply, NEWSLETTER_PAGES.leave, { form: 'newsletterLeave', ...this.outcome(valid, token) });
  }

  /** RFC 8058: `List-Unsubscribe=One-Click` posted to the link (form-urlencoded or multipart); 200 once the address is off the list. */
  @SignatureAuthenticated()
  @AcceptsMultipartForm()
  @Post('unsubscribe')
  @HttpCode(200)
  async oneClick(@Query() query: TokenQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ message: string }> {
    if (!(await this.newsletter.unsubscribe(tokenOf(query))))
      throw new BadRequestException({ error: 'Bad Request', message: NEWSLETTER_PAGE_TEXT.invalidLink });
    void reply.header('cache-control', 'no-store');
    return { message: NEWSLETTER_PAGE_TEXT.left };
  }

  private outcome(valid: boolean, token: string): Pick<FormFlash, 'outcome' | 'values' | 'notice'> {
    return valid
      ? { outcome: 'ready', values: { [NEWSLETTER_TOKEN_FIELD]: token } }
      : { outcome: 'refused', notice: { message: NEWSLETTER_PAGE_TEXT.invalidLink } };
  }

  private async toPage(reply: FastifyReply, page: string, flash: FormFlash): Promise<void> {
    const id = await this.flashes.put(page, flash);
    void reply
      .header('location', `${page}?${FORM_FLASH_PARAM}=${id}`)
      .header('cache-control', 'no-store')
      // The token is in this request's URL: the page it leads to must not pass it on.
      .header('referrer-policy', 'no-referrer');
  }
}
