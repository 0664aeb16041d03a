import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { stripTags } from '@ai-mind/contracts';
import type { WorkflowGenerateResult } from '../../queue/job-types.js';
import { AiService, type GenerationSource } from '../ai/index.js';
import { OutletMix } from '../outlets/index.js';
import { ApprovedTopic, ApprovedTopicStore, ProvenanceReader, SourceSetService } from '../provenance/index.js';
import { ArticleIntakeService } from './article-intake.service.js';

/**
 * The built-in generator (no automation service configured): fetches the topic's source pages, then
 * writes the blog through the AI layer from those sources alone, with reference markers to them.
 */
@Injectable()
export class ArticleGeneratorService {
  constructor(
    private readonly em: EntityManager,
    private readonly ai: AiService,
    private readonly intake: ArticleIntakeService,
    private readonly sourceSets: SourceSetService,
    private readonly provenance: ProvenanceReader,
    private readonly topics: ApprovedTopicStore,
    private readonly outlets: OutletMix,
  ) {}

  async generate(approvedTopicId: number): Promise<WorkflowGenerateResult> {
    const em = this.em.fork();
    const topic = await em.findOneOrFail(ApprovedTopic, approvedTopicId);
    if (topic.articleId) return { articleId: topic.articleId };
    await refuseBelowIndependentOutlets(this.outlets, this.topics, em, approvedTopicId);
    await this.topics.markGenerating(em, topic);
    try {
      const sources = await this.sourcesFor(approvedTopicId);
      const written = await this.ai.generateArticle({ topic: topic.topic, category: topic.category, sources });
      const aiCommentary = await this.ai.generate({
        kind: 'commentary',
        article: { title: written.title, slug: '', category: topic.category, text: stripTags(written.html) },
      });
      const article = await this.intake.receive(
        approvedTopicId,
        {
          title: written.title,
          html: written.html,
          metaDescription: written.metaDescription,
          aiCommentary,
          sourceUrl: topic.sourceUrl ?? null,
          generation: { engine: written.engine, model: written.model, promptVersion: written.promptVersion, sourceCount: sources.length },
        },
        'job:blog-generate',
      );
      return { articleId: article.id };
    } catch (error) {
      // Kept for the editor to see; the job is retried with backoff.
      await this.topics.markGenerationFailed(em, approvedTopicId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  /** The frozen sources with their pages' text (fetched now if still pending); a page not had leaves its feed summary. */
  private async sourcesFor(approvedTopicId: number): Promise<GenerationSource[]> {
    await this.sourceSets.fetchPending(approvedTopicId);
    const sources = await this.provenance.sourcesOfTopic(approvedTopicId);
    return sources.map((source) => ({
      number: source.number,
      outlet: source.outlet,
      title: source.title,
      summary: source.summary,
      text: source.text ?? (source.summary || null),
      link: source.link,
      publishedAt: source.publishedAt,
    }));
  }
}

/**
 * Asked again where the AI is about to write (here and before the automation hand-off), not only at
 * approval: a topic below the newsroom's independent outlets without the single-source override is
 * marked failed with why, and its job ends without retries.
 */
export async function refuseBelowIndependentOutlets(outlets: OutletMix, topics: ApprovedTopicStore, em: EntityManager, approvedTopicId: number): Promise<void> {
  const verdict = await outlets.verdict(approvedTopicId);
  if (verdict.allowed) return;
  await topics.refuseGeneration(em, approvedTopicId, verdict.reason!);
  throw new UnrecoverableError(verdict.reason!);
}
