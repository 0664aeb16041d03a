import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { READER_COUNT_SQL } from '../articles/index.js';

/** A reader's like or share, as the batch statement takes it. */
export interface InteractionItem {
  id: number;
  type: 'like' | 'share';
  content: string | null;
  clientHash: string;
  visitorId: string;
}

/**
 * The statement that records readers' likes and shares and counts them on their articles: this module
 * inserts its `interaction` rows, the articles module's parts (READER_COUNT_SQL) lock and move the
 * counters, one statement, so one commit holds both and the counters equal the rows.
 */
@Injectable()
export class InteractionCounts {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records many interactions in one statement, so one commit acknowledges them all (group commit):
   * each row is inserted unless that reader already has one (duplicates within the batch count once),
   * and each article's counters move by the rows actually inserted. The answer, in the order asked:
   * each article's counters after this statement, or null when the article is not published.
   * Autocommitted: when it resolves, everything in it is committed.
   */
  async countBatch(batch: InteractionItem[]): Promise<({ likes: number; shares: number } | null)[]> {
    // Raw: one statement of data-modifying CTEs over jsonb_to_recordset, with set_config before any update.
    const rows = await this.em.fork().execute<{ ord: number; likes: number | null; shares: number | null }[]>(
      `with input as (
         select t.* from jsonb_to_recordset(?::jsonb) as t(article_id bigint, type text, content text, client_hash text, visitor_id text, ord int)
          where ${READER_COUNT_SQL.markReaderCounts}
       ), locked as (
         ${READER_COUNT_SQL.lockPublished('input')}
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
         ${READER_COUNT_SQL.addCounts('deltas')}
       )
       -- An article this batch did not move answers with its counters as locked (the latest committed).
       select i.ord, coalesce(c.likes, l.likes) as likes, coalesce(c.shares, l.shares) as shares
         from input i
         left join locked l on l.id = i.article_id
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
}
