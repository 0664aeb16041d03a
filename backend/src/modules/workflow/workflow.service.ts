import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { singleSourceRequiredMessage, type ApproveTopicRequest, type ApprovedTopic as ApprovedTopicDto, type DeclineTopicRequest } from '@ai-mind/contracts';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { ArticleReads, toArticleDto } from '../articles/index.js';
import { OutletMix } from '../outlets/index.js';
import { ApprovedTopic, ApprovedTopicStore, SourceSetService } from '../provenance/index.js';
import { declineTopic, takeForApproval } from '../trending/index.js';
import { queueArticleJob } from './article-jobs.js';

/** Upper bound of the Blog Workflow list, newest first. */
export const APPROVED_TOPIC_LIST_LIMIT = 200;

@Injectable()
export class WorkflowService {
  private readonly logger = new Logger(WorkflowService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleReads,
    private readonly jobs: JobProducer,
    private readonly sources: SourceSetService,
    private readonly topics: ApprovedTopicStore,
    private readonly outlets: OutletMix,
    @InjectConfig('automation') private readonly config: ConfigSlice<'automation'>,
  ) {}

  /**
   * Records the approval, freezes the story's feed items as its numbered sources, and queues the blog: handed to the automation service when one is configured,
   * else written by the built-in generator. A topic is approved once; the approval is kept even when
   * the job cannot be queued right now. A topic covered by fewer independent outlets than the newsroom
   * requires is approved only as single-source with the editor's note (a 400 naming singleSource otherwise).
   */
  async approve(request: ApproveTopicRequest, approvedBy: string): Promise<ApprovedTopic> {
    const approved = await this.em.fork().transactional(async (em) => {
      const trending = await takeForApproval(em, request.topicId);
      // The story's feed items as they are now: what the article will be written from, whatever later
      // refreshes bring. A topic stored before items were kept has its own headline, outlet and link.
      const items = trending.items?.length
        ? trending.items
        : [{ source: trending.source, title: trending.topic, link: trending.sourceUrl ?? null, summary: '', publishedAt: null }];
      // Counted from the items being frozen, by the list and setting as this transaction reads them.
      const [mix, required] = await Promise.all([
        this.outlets.ofItems(
          items.map((item) => ({ outlet: item.source })),
          em,
        ),
        this.outlets.minIndependentOutlets(em),
      ]);
      if (mix.independentOutlets < required && !request.singleSource)
        throw new ValidationFailedException([{ path: 'singleSource', message: singleSourceRequiredMessage(mix.independentOutlets, required) }]);
      // One flush: the trending topic's new status and the approval are written together.
      const approved = await this.topics.approve(em, {
        trendingTopicId: trending.id,
        topic: request.topic,
        category: request.category,
        sourceUrl: request.sourceUrl ?? null,
        approvedBy,
        singleSource: request.singleSource === true,
        singleSourceNote: request.singleSource ? (request.note ?? null) : null,
        independentOutlets: mix.independentOutlets,
      });
      this.sources.freeze(em, approved.id, items);
      return approved;
    });
    try {
      await queueArticleJob(this.jobs, this.config, approved.id);
    } catch (error) {
      // The approval stands: the workers' ApprovedTopicSweeperService queues its job once Redis is back.
      this.logger.error({ err: error, approvedTopicId: approved.id }, 'Could not queue the article job; the sweeper queues it later');
    }
    return approved;
  }

  async decline(request: DeclineTopicRequest): Promise<void> {
    if (!(await declineTopic(this.em.fork(), request.topicId)))
      throw new NotFoundException({ error: 'Not Found', message: `No undecided trending topic ${request.topicId}` });
  }

  async list(): Promise<{ topics: ApprovedTopicDto[]; total: number }> {
    const em = this.em.fork();
    const [topics, total] = await em.findAndCount(ApprovedTopic, {}, { orderBy: { approvedAt: 'desc', id: 'desc' }, limit: APPROVED_TOPIC_LIST_LIMIT });
    const articleIds = topics.map((t) => t.articleId).filter((id): id is number => id !== null && id !== undefined);
    const articles = new Map((await this.articles.findByIds(articleIds)).map((a) => [a.id, a]));
    const listed = topics.map((topic) => {
      const article = topic.articleId ? articles.get(topic.articleId) : undefined;
      return {
        id: topic.id,
        topic: topic.topic,
        category: topic.category,
        status: topic.status,
        approvedAt: topic.approvedAt.toISOString(),
        blog: article ? toArticleDto(article) : null,
      };
    });
    return { topics: listed, total };
  }
}
