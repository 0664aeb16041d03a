import { BadRequestException, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { FOLLOW_PAGE_TEXT, FOLLOW_PAGES, FORM_FLASH_PARAM, NEWSLETTER_TOKEN_FIELD, type FormFlash } from '@ai-mind/contracts';
import { AcceptsMultipartForm } from '../../common/multipart-form.js';
import { FormFlashService } from '../../common/page-form.js';
import { Public, SignatureAuthenticated } from '../../common/route-access.js';
import { FollowsService, type FollowTokenPurpose } from './follows.service.js';

type TokenQuery = Record<string, unknown> | undefined;

const tokenOf = (query: TokenQuery) => (typeof query?.[NEWSLETTER_TOKEN_FIELD] === 'string' ? (query[NEWSLETTER_TOKEN_FIELD] as string) : '');

/**
 * The links of the follows' emails, as the newsletter's: following one checks its signed token and
 * leads to the page whose form does what it says (a mail scanner that opens links changes nothing);
 * the token travels in the page's one-time outcome. The unsubscribe link also takes RFC 8058's
 * one-click POST from the reader's mail program.
 */
@Controller('follows')
export class FollowsLinksController {
  constructor(
    private readonly follows: FollowsService,
    private readonly flashes: FormFlashService,
  ) {}

  @Public()
  @Get('confirm')
  @HttpCode(303)
  async confirmLink(@Query() query: TokenQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.toPage(reply, FOLLOW_PAGES.confirm, 'followConfirm', 'follow-confirm', tokenOf(query));
  }

  @Public()
  @Get('unsubscribe')
  @HttpCode(303)
  async unsubscribeLink(@Query() query: TokenQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.toPage(reply, FOLLOW_PAGES.leave, 'followLeave', 'follow-unsubscribe', tokenOf(query));
  }

  /** RFC 8058: `List-Unsubscribe=One-Click` posted to the link; 200 once the follow has ended. */
  @SignatureAuthenticated()
  @AcceptsMultipartForm()
  @Post('unsubscribe')
  @HttpCode(200)
  async oneClick(@Query() query: TokenQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ message: string }> {
    if (!(await this.follows.unsubscribe(tokenOf(query)))) throw new BadRequestException({ error: 'Bad Request', message: FOLLOW_PAGE_TEXT.invalidLink });
    void reply.header('cache-control', 'no-store');
    return { message: FOLLOW_PAGE_TEXT.left };
  }

  private async toPage(reply: FastifyReply, page: string, form: FormFlash['form'], purpose: FollowTokenPurpose, token: string): Promise<void> {
    const valid = (await this.follows.holderOf(purpose, token)) !== null;
    const flash: FormFlash = valid
      ? { form, outcome: 'ready', values: { [NEWSLETTER_TOKEN_FIELD]: token } }
      : { form, outcome: 'refused', notice: { message: FOLLOW_PAGE_TEXT.invalidLink } };
    const id = await this.flashes.put(page, flash);
    void reply
      .header('location', `${page}?${FORM_FLASH_PARAM}=${id}`)
      .header('cache-control', 'no-store')
      // The token is in this request's URL: the page it leads to must not pass it on.
      .header('referrer-policy', 'no-referrer');
  }
}
