import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { articlesDb } from './tables.js';

/**
 * Readers' counts on the article row: likes and shares (grouped, one statement per batch) and comment
 * counts (in the transaction that stores or removes the comment). A reader's count is no edit: it
 * writes no revision and does not move the version an editor's save carries (article_is_reader_count,
 * read by the article_before_update and article_history triggers, article-columns.sql.ts and
 * article-history.sql.ts). The http_cache_article trigger (article-purge.sql.ts) queues the purge of
 * `counts-<id>` alone, due in 400 ms.
 */
@Injectable()
export class ArticleReaderCounts {
  constructor(private readonly em: EntityManager) {}

  /**
   * Counts readers' likes and shares, many in one statement, so one commit acknowledges them all
   * (group commit): each row is inserted unless that reader already has one (duplicates within the batch
   * count once), and each article's counters move by the rows actually inserted. The articles are
   * locked in id order first, so concurrent batches (other API processes) cannot deadlock on them.
   * The statement marks its counter updates as reader counts (no revision, no cache invalidation).
   * The answer, in the order asked: each article's counters after this statement, or null when the
   * article is not published. Autocommitted: when it resolves, everything in it is committed.
   */
  async countInteractions(
    batch: { id: number; type: 'like' | 'share'; content: string | null; clientHash: string; visitorId: string }[],
  ): Promise<({ likes: number; shares: number } | null)[]> {
    // Raw: one statement of data-modifying CTEs over jsonb_to_recordset, with set_config before any update.
    const rows = await this.em.fork().execute<{ ord: number; likes: number | null; shares: number | null }[]>(
      `with input as (
         -- Marks this statement's counter updates as reader counts (see article_is_reader_count): set
         -- before any row is updated, since every later part of the statement reads this one.
         select t.* from jsonb_to_recordset(?::jsonb) as t(article_id bigint, type text, content text, client_hash text, visitor_id text, ord int)
          where set_config('ai_mind.reader_counts', 'on', true) = 'on'
       ), locked as (
         select id from article where id in (select article_id from input) and approved = true order by id for update
       ), recorded as (
         insert into interaction (article_id, type, content, client_hash, visitor_id, created_at)
         select distinct on (i.article_id, i.type, i.visitor_id) i.article_id, i.type, i.content, i.client_hash, i.visitor_id, now()
           from input i join locked l on l.id = i.article_id
          order by i.article_id, i.type, i.visitor_id, i.ord
         on conflict (article_id, type, visitor_id) where visitor_id is not null do nothing
         returning article_id, type
       ), deltas as (
         select article_id, count(*) filter (where type = 'like')::int as likes, count(*) filter (where type = 'share')::int as shares
           from recorded group by article_id
       ), counted as (
         update article a set likes = a.likes + d.likes, shares = a.shares + d.shares
           from deltas d where a.id = d.article_id returning a.id, a.likes, a.shares
       )
       select i.ord, coalesce(c.likes, a.likes) as likes, coalesce(c.shares, a.shares) as shares
         from input i
         left join locked l on l.id = i.article_id
         left join article a on a.id = l.id
         left join counted c on c.id = l.id
        order by i.ord`,
      [
        JSON.stringify(
          batch.map((item, ord) => ({
            article_id: item.id,
            type: item.type,
            content: item.content,
            client_hash: item.clientHash,
            visitor_id: item.visitorId,
            ord,
          })),
        ),
      ],
    );
    const answers: ({ likes: number; shares: number } | null)[] = batch.map(() => null);
    for (const row of rows) if (row.likes !== null && row.shares !== null) answers[row.ord] = { likes: row.likes, shares: row.shares };
    return answers;
  }

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

  /** Counts comments again that were marked spam by mistake (one id per comment). */
  async recountComments(em: EntityManager, articleIds: number[]): Promise<void> {
    for (const id of articleIds) await this.countComment(em, id);
  }
}
