import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { provenanceDb } from './tables.js';

/** The link from an approved topic to the draft article it became. */
@Injectable()
export class ApprovedTopicLinks {
  /** Forgets the articles deleted for good, in the deleting transaction `em` (ArticleDependents); the topics stay. */
  async unlinkArticles(em: EntityManager, articleIds: number[]): Promise<void> {
    await provenanceDb(em).updateTable('approved_topic').set({ article_id: null }).where('article_id', 'in', articleIds).execute();
  }
}
