import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GenerationEngine } from '@ai-mind/contracts';
import { ApprovedTopic, type ApprovedTopicStatus } from './approved-topic.entity.js';
import { ArticleGeneration } from './article-generation.entity.js';
import { provenanceDb } from './tables.js';

/** How a delivered draft was written, kept with the draft as generated. */
export interface GenerationRecord {
  engine: GenerationEngine;
  model: string | null;
  promptVersion: string | null;
  sourceCount: number;
}

/**
 * The writes of an approved topic's way to a draft article (the workflow module asks; this module owns
 * `approved_topic` and `article_generation`). Each takes the caller's `em`, so it joins the caller's
 * transaction; the status updates re-check the state they move from in the statement that moves it.
 */
@Injectable()
export class ApprovedTopicStore {
  /** Records an approval, waiting as 'queued', flushed in the transaction `em` (with what else it changed), so its id is known. */
  async approve(
    em: EntityManager,
    approval: {
      trendingTopicId: number | null;
      topic: string;
      category: string;
      sourceUrl: string | null;
      approvedBy: string;
      /** The single-source override and its note (a check on the table: the one goes with the other). */
      singleSource: boolean;
      singleSourceNote: string | null;
      /** The independent outlets counted at approval. */
      independentOutlets: number | null;
    },
  ): Promise<ApprovedTopic> {
    const approved = em.create(ApprovedTopic, { ...approval, status: 'queued', articleId: null, lastError: null });
    await em.flush();
    return approved;
  }

  /**
   * The topic, its row locked for the rest of the transaction `em`, so two deliveries of the same blog
   * wait for each other; null when there is no such topic.
   */
  async lockForIntake(em: EntityManager, approvedTopicId: number): Promise<ApprovedTopic | null> {
    const locked = await provenanceDb(em).selectFrom('approved_topic').select('id').where('id', '=', approvedTopicId).forUpdate().executeTakeFirst();
    return locked ? em.findOneOrFail(ApprovedTopic, approvedTopicId) : null;
  }

  /** Links the topic (locked by lockForIntake in `em`) to its new draft, with how it was written; written when `em`'s transaction commits. */
  recordDraft(em: EntityManager, topic: ApprovedTopic, draft: { id: number; title: string; content: string }, generation: GenerationRecord | null): void {
    if (generation) {
      em.create(ArticleGeneration, { articleId: draft.id, approvedTopicId: topic.id, ...generation, draftTitle: draft.title, draftHtml: draft.content });
    }
    topic.articleId = draft.id;
    topic.status = 'blog_received';
    topic.lastError = null;
  }

  /** The AI may not write the topic (too few independent outlets, no override): failed, with why, unless a draft arrived meanwhile. */
  async refuseGeneration(em: EntityManager, approvedTopicId: number, reason: string): Promise<void> {
    await em.nativeUpdate(ApprovedTopic, { id: approvedTopicId, articleId: null }, { status: 'failed', lastError: reason });
  }

  /** The built-in generator starts writing the topic (loaded in `em`). */
  async markGenerating(em: EntityManager, topic: ApprovedTopic): Promise<void> {
    topic.status = 'generating';
    await em.flush();
  }

  /** The generator failed: kept for the editor to see, unless a draft arrived meanwhile. */
  async markGenerationFailed(em: EntityManager, approvedTopicId: number, error: string): Promise<void> {
    await em.nativeUpdate(ApprovedTopic, { id: approvedTopicId, articleId: null }, { status: 'failed', lastError: error });
  }

  /**
   * The outcome of a hand-off to the automation service: only a topic still waiting ('queued' or
   * 'failed') moves, so a blog that arrived meanwhile keeps blog_received.
   */
  async recordHandOff(
    em: EntityManager,
    approvedTopicId: number,
    status: Extract<ApprovedTopicStatus, 'sent_to_automation' | 'queued' | 'failed'>,
    error: string | null,
  ): Promise<void> {
    await em.nativeUpdate(ApprovedTopic, { id: approvedTopicId, status: { $in: ['queued', 'failed'] } }, { status, lastError: error });
  }
}
