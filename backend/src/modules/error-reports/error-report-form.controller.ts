import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ArticleIdParamsSchema, CreateErrorReportRequestSchema } from '@ai-mind/contracts';
import { answerPageForm, formField, FormFlashService, type PostedForm } from '../../common/page-form.js';
import { clientOf } from '../../common/client-hash.js';
import { parseRequest, ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { PublicWrite } from '../../common/route-access.js';
import { ErrorReportsService } from './error-reports.service.js';

/**
 * The article page's "Report an error" form as the browser posts it (without the page's scripts, or
 * before them): the JSON call's rules, limit and spam screening, then back to the article with the
 * outcome, and on a refusal what was typed.
 */
@Controller('articles/:id/error-reports')
export class ErrorReportFormController {
  constructor(
    private readonly reports: ErrorReportsService,
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
    // A report on one claim names it in a hidden field: kept with the outcome, so the page opens that claim's form again.
    const values = { details: formField(body, 'details'), quote: formField(body, 'quote'), claim: formField(body, 'claim') };
    await answerPageForm(this.flashes, reply, body, {
      form: 'errorReport',
      articleId: params.id,
      values,
      keepValues: values.claim !== '',
      act: async () => {
        const report = parseRequest(CreateErrorReportRequestSchema, {
          details: values.details,
          ...(values.quote ? { quote: values.quote } : {}),
          ...(values.claim ? { claim: /^\d{1,12}$/.test(values.claim) ? Number(values.claim) : values.claim } : {}),
        });
        await this.reports.create(params.id, report, clientOf(request));
      },
    });
  }
}
