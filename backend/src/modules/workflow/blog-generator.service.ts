import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { stripTags } from '@ai-mind/contracts';
import type { WorkflowGenerateResult } from '../../queue/job-types.js';
import { AiService } from '../ai/ai.service.js';
import { ApprovedTopic } from './approved-topic.entity.js';
import { BlogIntakeService } from './blog-intake.service.js';

/** The built-in generator (no automation service configured): writes the blog through the AI layer. */
@Injectable()
export class BlogGeneratorService {
  constructor(
    private readonly em: EntityManager,
    private readonly ai: AiService,
    private readonly intake: BlogIntakeService,
  ) {}

  async generate(approvedTopicId: number): Promise<WorkflowGenerateResult> {
    const em = this.em.fork();
    const topic = await em.findOneOrFail(ApprovedTopic, approvedTopicId);
    if (topic.articleId) return { articleId: topic.articleId };
    topic.status = 'generating';
    await em.flush();
    try {
      const blog = await this.ai.generateBlog({ topic: topic.topic, category: topic.category, sources: [{ title: topic.topic, url: topic.sourceUrl }] });
      const aiCommentary = await this.ai.generate({
        kind: 'commentary',
        article: { title: blog.title, slug: '', category: topic.category, text: stripTags(blog.html) },
      });
      const article = await this.intake.receive(approvedTopicId, { ...blog, aiCommentary, sourceUrl: topic.sourceUrl ?? null }, 'job:blog-generate');
      return { articleId: article.id };
    } catch (error) {
      // Kept for the editor to see; the job is retried with backoff.
      await em.nativeUpdate(ApprovedTopic, { id: approvedTopicId, articleId: null }, { status: 'failed', lastError: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }
}
