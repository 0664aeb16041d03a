import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { stripTags } from '@ai-mind/contracts';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { AiCommentaryResult } from '../../queue/job-types.js';
import { Article } from '../articles/article.entity.js';
import { ArticlesCacheService } from '../articles/articles-cache.service.js';
import { AiService } from './ai.service.js';

/** AI commentary for articles that lack it, written by a job on the `ai` queue. */
@Injectable()
export class AiCommentaryService {
  constructor(
    private readonly em: EntityManager,
    private readonly ai: AiService,
    private readonly jobs: JobProducer,
    private readonly cache: ArticlesCacheService,
  ) {}

  /** Queues the commentary once per article (the job id makes asking twice harmless). */
  async request(articleId: number): Promise<void> {
    await this.jobs.enqueue('ai-commentary', { articleId }, { jobId: `ai-commentary-${articleId}` });
  }

  /** Worker side: writes the commentary unless the article has one by now; AI failures throw, so the job retries. */
  async write(articleId: number): Promise<AiCommentaryResult> {
    const em = this.em.fork();
    const article = await em.findOne(Article, articleId);
    if (!article || article.aiCommentary?.trim()) return { written: false };
    const commentary = await this.ai.generate({
      kind: 'commentary',
      article: { title: article.title, slug: article.slug, category: article.category, text: stripTags(article.content) },
    });
    const updated = await em.nativeUpdate(Article, { id: articleId, $or: [{ aiCommentary: null }, { aiCommentary: '' }] }, { aiCommentary: commentary });
    if (updated > 0) await this.cache.invalidate();
    return { written: updated > 0 };
  }
}
