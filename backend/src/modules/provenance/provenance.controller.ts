import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { BlogIdParamsSchema, type ApprovedTopicSources, type ArticleProvenance } from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
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
  async ofArticle(@Param(new ZodValidationPipe(BlogIdParamsSchema)) params: { id: number }): Promise<ArticleProvenance> {
    const exists = await this.em.fork().execute('select 1 from article where id = ?', [params.id]);
    if (exists.length === 0) throw new NotFoundException({ error: 'Not Found', message: `Blog ${params.id} not found` });
    return this.reader.forArticle(params.id);
  }

  @Get('approved-topics/:id/sources')
  @RequirePermission('trending.read')
  async ofApprovedTopic(@Param(new ZodValidationPipe(BlogIdParamsSchema)) params: { id: number }): Promise<ApprovedTopicSources> {
    const [topic] = await this.em.fork().execute<{ id: number }[]>('select id from approved_topic where id = ?', [params.id]);
    if (!topic) throw new NotFoundException({ error: 'Not Found', message: `Approved topic ${params.id} not found` });
    return { approvedTopicId: topic.id, sources: await this.reader.sourcesOfTopic(topic.id) };
  }
}
