import { Injectable } from '@nestjs/common';
import { stripTags } from '@ai-mind/contracts';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { AiCommentaryResult } from '../../queue/job-types.js';
import { ArticleCommands, ArticleReads } from '../articles/index.js';
import { AiService } from '../ai/index.js';

/** AI commentary for articles that lack it, written by a job on the `ai` queue. */
@Injectable()
export class AiCommentaryService {
  constructor(
    private readonly reads: ArticleReads,
    private readonly commands: ArticleCommands,
    private readonly ai: AiService,
    private readonly jobs: JobProducer,
  ) {}

  /** Queues the commentary once per article (the job id makes asking twice harmless). */
  async request(articleId: number): Promise<void> {
    await this.jobs.enqueue('ai-commentary', { articleId }, { jobId: `ai-commentary-${articleId}` });
  }

  /** Worker side: writes the commentary unless the article has one by now; AI failures throw, so the job retries. */
  async write(articleId: number): Promise<AiCommentaryResult> {
    const article = await this.reads.findById(articleId);
    if (!article || article.ai_commentary?.trim()) return { written: false };
    const commentary = await this.ai.generate({
      kind: 'commentary',
      article: { title: article.title, slug: article.slug, category: article.category, text: stripTags(article.content) },
    });
    // Only the commentary column, and only if still empty: an edit made meanwhile stays as it is.
    return { written: await this.commands.setCommentaryIfMissing(articleId, commentary, 'job:ai-commentary') };
  }
}
