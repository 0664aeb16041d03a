import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import path from 'node:path';
import { slugify } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { type Actor, ArticleCommands, ArticleReads, type ArticleRow } from '../articles/index.js';
import { imageJobOptions, renderCoverSvg } from '../media/index.js';
import { ApprovedTopicStore, ClaimCheckService, type GenerationRecord } from '../provenance/index.js';

export interface IncomingArticle {
  title: string;
  html: string;
  metaDescription: string;
  aiCommentary: string | null;
  sourceUrl: string | null;
  /** What wrote it, kept with the draft as generated; null when unknown. */
  generation: GenerationRecord | null;
}

/**
 * Where a generated blog becomes a draft article, whoever wrote it (the built-in generator or the
 * automation service): sanitized, linked to its approved topic with its generation record, once per
 * topic however often it arrives, and its claims checked against the topic's sources.
 */
@Injectable()
export class ArticleIntakeService {
  private readonly logger = new Logger(ArticleIntakeService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectConfig('images') private readonly config: ConfigSlice<'images'>,
    private readonly jobs: JobProducer,
    private readonly articles: ArticleReads,
    private readonly commands: ArticleCommands,
    private readonly claims: ClaimCheckService,
    private readonly topics: ApprovedTopicStore,
  ) {}

  /** `actor`: who delivered it, for the article's history. */
  async receive(approvedTopicId: number, incoming: IncomingArticle, actor: Actor): Promise<ArticleRow> {
    const { article, created } = await this.em.fork().transactional(async (em) => {
      // The row lock makes two deliveries of the same blog wait for each other.
      const topic = await this.topics.lockForIntake(em, approvedTopicId);
      if (!topic) throw new NotFoundException({ error: 'Not Found', message: `Approved topic ${approvedTopicId} not found` });
      const existing = topic.articleId ? (await this.articles.findByIds([topic.articleId]))[0] : undefined;
      if (existing) return { article: existing, created: false };

      const base = slugify(incoming.title) || `topic-${approvedTopicId}`;
      const slug = (await this.commands.slugTaken(em, base)) ? `${base.slice(0, 70)}-${approvedTopicId}` : base;
      const draft = await this.commands.insertDraft(
        em,
        {
          title: incoming.title,
          slug,
          content: incoming.html,
          category: topic.category,
          imageUrl: `/media/covers/${slug}.svg`,
          sourceUrl: incoming.sourceUrl ?? topic.sourceUrl ?? null,
          aiCommentary: incoming.aiCommentary,
          metaTitle: incoming.title,
          metaDescription: incoming.metaDescription || null,
        },
        actor,
      );
      this.topics.recordDraft(em, topic, draft, incoming.generation);
      return { article: draft, created: true };
    });
    if (created) {
      await this.checkClaims(article.id);
      await this.writeCover(article);
      await this.jobs.enqueue('image-regenerate', { articleId: article.id }, imageJobOptions(article.id));
    }
    return article;
  }

  /** A failed check is not a failed delivery: the publish checks again before it lets the draft through. */
  private async checkClaims(articleId: number): Promise<void> {
    try {
      await this.claims.checkArticle(articleId);
    } catch (error) {
      this.logger.error({ err: error, articleId }, 'Could not check the claims of a delivered draft');
    }
  }

  /** A cover in the category's colours at once; the queued image job replaces it with the final image. */
  private async writeCover(article: ArticleRow): Promise<void> {
    const dir = path.join(this.config.mediaDir, 'covers');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `${article.slug}.svg`), renderCoverSvg(article.title, article.category));
  }
}
