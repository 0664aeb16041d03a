import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { AdminArticleIdParamsSchema, type ApprovedTopicSources, type ArticleProvenance } from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { provenanceDb } from './tables.js';
import { RequirePermission } from '../auth/index.js';
import { ProvenanceReader } from './provenance.reader.js';
import { EntityManager } from '@mikro-orm/postgresql';

/** The editor's view of how an article was made, and of an approved topic's frozen sources. */
@Controller('admin')
export class ProvenanceController {
  constructor(
    private readonly reader: ProvenanceReader,
    private readonly em: EntityManager,
  ) {}

  @Get('articles/:id/provenance')
  @RequirePermission('articles.draft')
  async ofArticle(@Param(new ZodValidationPipe(AdminArticleIdParamsSchema)) params: { id: number }): Promise<ArticleProvenance> {
    const exists = await provenanceDb(this.em.fork()).selectFrom('article').select('id').where('id', '=', params.id).executeTakeFirst();
    if (!exists) throw new NotFoundException({ error: 'Not Found', message: `Blog ${params.id} not found` });
    return this.reader.forArticle(params.id);
  }

  @Get('approved-topics/:id/sources')
  @RequirePermission('trending.read')
  async ofApprovedTopic(@Param(new ZodValidationPipe(AdminArticleIdParamsSchema)) params: { id: number }): Promise<ApprovedTopicSources> {
    const topic = await provenanceDb(this.em.fork()).selectFrom('approved_topic').select('id').where('id', '=', params.id).executeTakeFirst();
    if (!topic) throw new NotFoundException({ error: 'Not Found', message: `Approved topic ${params.id} not found` });
    return { approvedTopicId: topic.id, sources: await this.reader.sourcesOfTopic(topic.id) };
  }
}
