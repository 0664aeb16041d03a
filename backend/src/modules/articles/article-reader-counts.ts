import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { articlesDb } from './tables.js';

/**
 * The article's parts of the one statement that counts readers' likes and shares, composed by the
 * interactions module (InteractionCounts) with its insert of the `interaction` rows, so one commit holds
 * both and the counters always equal the rows (group commit: many readers, one statement, one commit).
 */
export const READER_COUNT_SQL = {
  /**
   * A condition for the statement's first part: marks its counter updates as reader counts (no
   * revision, no cache invalidation; see article_is_reader_count), set before any row is updated,
   * since every later part of the statement reads that first part.
   */
  markReaderCounts: `set_config('ai_mind.reader_counts', 'on', true) = 'on'`,
  /**
   * `(id, likes, shares)` of the published articles named by `input.article_id`, locked in id order so
   * concurrent batches (other API processes) cannot deadlock on them; the counters as locked.
   */
  lockPublished: (input: string) =>
    `select id, likes, shares from article where id in (select article_id from ${input}) and approved = true order by id for update`,
  /** Moves the counters by `deltas(article_id, likes, shares)`; returns `(id, likes, shares)` after the move. */
  addCounts: (deltas: string) =>
    `update article a set likes = a.likes + d.likes, shares = a.shares + d.shares from ${deltas} d where a.id = d.article_id returning a.id, a.likes, a.shares`,
} as const;

/**
 * Readers' counts on the article row: likes and shares (READER_COUNT_SQL, grouped) and comment
 * counts (in the transaction that stores or removes the comment). A reader's count is no edit: it
 * writes no revision and does not move the version an editor's save carries (article_is_reader_count,
 * read by the article_before_update and article_history triggers, article-columns.sql.ts and
 * article-history.sql.ts). The http_cache_article trigger (article-purge.sql.ts) queues the purge of
 * `counts-<id>` alone, due in 400 ms.
 */
@Injectable()
export class ArticleReaderCounts {
  /** Counts a new comment, in the transaction (`em`) that stores it. */
  async countComment(em: EntityManager, id: number): Promise<void> {
    await articlesDb(em)
      .updateTable('article')
      .set((eb) => ({ comments: eb('comments', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * Takes comments off their articles' counters (deleted, or marked spam) in the transaction `em` that
   * removes them: one id per comment, repeated for several of one article. One step of one at a time,
   * as a reader's comment counts: a moderation pass is no edit, so it neither writes a revision nor
   * moves the version an editor's save carries. Never below zero.
   */
  async uncountComments(em: EntityManager, articleIds: number[]): Promise<void> {
    for (const id of articleIds) {
      await articlesDb(em)
        .updateTable('article')
        .set((eb) => ({ comments: eb('comments', '-', 1) }))
        .where('id', '=', id)
        .where('comments', '>', 0)
        .execute();
    }
  }

  /**
   * A like or a boost from the fediverse (+1), or its Undo (-1), on a published article: one step of one,
   * as a reader's like or share counts (no revision, no version). Never below zero.
   */
  async countRemoteReaction(em: EntityManager, id: number, kind: 'likes' | 'shares', step: 1 | -1): Promise<void> {
    await articlesDb(em)
      .updateTable('article')
      .set((eb) => ({ [kind]: eb(kind, step > 0 ? '+' : '-', 1) }))
      .where('id', '=', id)
      .where('approved', '=', true)
      .where(kind, step > 0 ? '>=' : '>', 0)
      .execute();
  }

  /** Counts comments again that were marked spam by mistake (one id per comment). */
  async recountComments(em: EntityManager, articleIds: number[]): Promise<void> {
    for (const id of articleIds) await this.countComment(em, id);
  }
}
