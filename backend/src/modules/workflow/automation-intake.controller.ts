import { Controller, HttpCode, Inject, Post, Req, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AutomationArticleSchema, type AutomationArticle, type AutomationArticleResponse } from '@ai-mind/contracts';
import { REDIS } from '../../common/redis.token.js';
import { OneAtATime } from '../../common/one-at-a-time.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { verifySignature } from './automation-signature.js';
import { ProvenanceReader } from '../provenance/index.js';
import { ArticleIntakeService } from './article-intake.service.js';
import { SignatureAuthenticated } from '../../common/route-access.js';

const SEEN_SIGNATURE_PREFIX = 'automation:seen-signature:';
/** How long a delivery waits for the one before it (each takes well under a second), before a 429. */
const DELIVERY_WAIT_MS = 10_000;

/**
 * Where the automation service delivers a generated blog. Authenticated by the shared-secret
 * signature (not an admin session): a missing, bad, stale or replayed signature is 401. The body is
 * validated only after that, so an unauthenticated caller learns nothing about the schema.
 */
@Controller('automation')
export class AutomationIntakeController {
  constructor(
    private readonly intake: ArticleIntakeService,
    private readonly provenance: ProvenanceReader,
    @InjectConfig('automation') private readonly config: ConfigSlice<'automation'>,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly oneAtATime: OneAtATime,
  ) {}

  @SignatureAuthenticated()
  @Post('blog')
  @HttpCode(200)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>): Promise<AutomationArticleResponse> {
    await this.authenticate(request);
    const delivered = new ZodValidationPipe(AutomationArticleSchema).transform(request.body);
    // The automation service is one account: its deliveries are stored one at a time, as an editor's saves
    // are; a machine delivering several at once waits its turn rather than being refused.
    return this.oneAtATime.run('delivery', 'automation', () => this.store(delivered), DELIVERY_WAIT_MS);
  }

  private async authenticate(request: RawBodyRequest<FastifyRequest>): Promise<void> {
    const { secret, toleranceSeconds } = this.config;
    if (!secret) {
      throw new ServiceUnavailableException({
        error: 'Service Unavailable',
        message: 'Blog delivery is not configured (AUTOMATION_WEBHOOK_SECRET is not set).',
      });
    }
    const check = verifySignature(secret, request.headers, request.rawBody ?? '', toleranceSeconds);
    if (!check.ok) throw new UnauthorizedException({ error: 'Unauthorized', message: check.reason });
    // A valid signature is accepted once: remembered for twice the window, past which its timestamp fails anyway.
    const first = await this.redis.set(`${SEEN_SIGNATURE_PREFIX}${check.signature}`, '1', 'EX', toleranceSeconds * 2, 'NX');
    if (first === null) throw new UnauthorizedException({ error: 'Unauthorized', message: 'Replayed message: this signature was already used' });
  }

  private async store(delivered: AutomationArticle): Promise<AutomationArticleResponse> {
    const article = await this.intake.receive(
      delivered.approvedTopicId,
      {
        title: delivered.title,
        html: delivered.content,
        metaDescription: delivered.metaDescription ?? '',
        aiCommentary: delivered.aiCommentary ?? null,
        sourceUrl: delivered.sourceUrl ?? null,
        generation: {
          engine: 'automation',
          model: delivered.model ?? null,
          promptVersion: delivered.promptVersion ?? null,
          sourceCount: (await this.provenance.sourcesOfTopic(delivered.approvedTopicId)).length,
        },
      },
      'automation',
    );
    return { message: `Blog "${article.title}" received as a draft.`, articleId: article.id, status: 'blog_received' };
  }
}
