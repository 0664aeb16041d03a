import { Injectable } from '@nestjs/common';
import { IsolationLevel } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RevisionRow } from './article-revision.entity.js';
import { ARTICLE_COLUMNS, ARTICLE_VALUE_ROW, articleColumnList, articleRowValues, type ArticleRow } from './article-row.js';
import { ArticleWriter, type Actor } from './article-writer.js';

const COLUMNS = articleColumnList();
const A_COLUMNS = articleColumnList('a');

/** A version of an article to put back, with the interaction and comment ids its counters included (null: unknown). */
export interface RestoreCandidate {
  row: ArticleRow;
  interactionsThrough: number | null;
  commentsThrough: number | null;
}

/** An article row as a backup reads it: with the newest interaction and comment ids its counters include. */
export type SnapshotRow = ArticleRow & { interactions_through: string; comments_through: string };

/**
 * What recovery reads and writes of the article table: the rows to back up, the newest revisions of
 * missing articles, and the restoring inserts (recorded by the trigger as 'restore' revisions of the
 * recovery run).
 */
@Injectable()
export class ArticleRecoveryStore {
  constructor(
    private readonly em: EntityManager,
    private readonly writer: ArticleWriter,
  ) {}

  /**
   * Every article in id order, `batchSize` at a time, each with the interaction and comment ids its
   * counters include (for backups: a restore adds the rows that came after). `each` is awaited before
   * the next batch is read. All batches are read in one repeatable-read transaction: they make one
   * snapshot of the table, so an article inserted or deleted meanwhile is neither doubled nor lost.
   */
  async snapshotInBatches(batchSize: number, each: (rows: SnapshotRow[]) => Promise<void>): Promise<void> {
    await this.em.fork().transactional(
      async (em) => {
        for (let after = 0; ; ) {
          const rows = await em.execute<SnapshotRow[]>(
            `select ${A_COLUMNS},
                    (select coalesce(max(i.id), 0) from interaction i where i.article_id = a.id) as interactions_through,
                    (select coalesce(max(c.id), 0) from comment c where c.article_id = a.id) as comments_through
               from article a where a.id > ? order by a.id limit ?`,
            [after, batchSize],
          );
          if (rows.length > 0) await each(rows);
          if (rows.length < batchSize) return;
          after = rows.at(-1)!.id;
        }
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  /**
   * Inserts the candidates that have neither a row nor a tombstone, each with its own id; counters
   * are the candidate's plus the interaction and comment rows that came after it (or, not knowing,
   * at least as many as there are rows). Returns the ids inserted.
   */
  restoreRows(candidates: RestoreCandidate[], actor: Actor): Promise<Set<number>> {
    if (candidates.length === 0) return Promise.resolve(new Set());
    const counted = (field: 'likes' | 'shares' | 'comments') => {
      if (field === 'comments') return `case when v.ct is null then greatest(v.comments, c.all_comments) else v.comments + c.new_comments end`;
      const type = field === 'likes' ? 'like' : 'share';
      return `case when v.it is null then greatest(v.${field}, i.all_${type}s) else v.${field} + i.new_${type}s end`;
    };
    const select = (Object.keys(ARTICLE_COLUMNS) as (keyof typeof ARTICLE_COLUMNS)[])
      .map((field) => (field === 'likes' || field === 'shares' || field === 'comments' ? counted(field) : `v.${ARTICLE_COLUMNS[field][0]}`))
      .join(', ');
    return this.writer.write(
      actor,
      async (em) => {
        const rows = await em.execute<{ id: number }[]>(
          `insert into article (${COLUMNS})
           select ${select}
             from (values ${candidates.map(() => `(${ARTICLE_VALUE_ROW.slice(1, -1)}, ?::bigint, ?::bigint)`).join(', ')}) as v(${COLUMNS}, it, ct)
             cross join lateral (
               select count(*) filter (where type = 'like')::int as all_likes, count(*) filter (where type = 'share')::int as all_shares,
                      count(*) filter (where type = 'like' and id > coalesce(v.it, 0))::int as new_likes,
                      count(*) filter (where type = 'share' and id > coalesce(v.it, 0))::int as new_shares
                 from interaction where article_id = v.id) i
             cross join lateral (
               select count(*)::int as all_comments, count(*) filter (where id > coalesce(v.ct, 0))::int as new_comments
                 from comment where article_id = v.id and not spam) c
            where not exists (select 1 from deleted_article d where d.article_id = v.id)
           on conflict do nothing returning id`,
          candidates.flatMap((candidate) => [...articleRowValues(candidate.row), candidate.interactionsThrough, candidate.commentsThrough]),
        );
        return new Set(rows.map((row) => row.id));
      },
      'restore',
    );
  }

  /** Keeps the id sequence ahead of restored ids, never moving it back: an id handed out once is never reused. */
  async advanceIdSequence(): Promise<void> {
    await this.em
      .fork()
      .execute(`select setval(pg_get_serial_sequence('article', 'id'), greatest(max(id), nextval(pg_get_serial_sequence('article', 'id')))) from article`);
  }

  async nextId(): Promise<number> {
    const [row] = await this.em.fork().execute<{ id: string }[]>(`select nextval(pg_get_serial_sequence('article', 'id')) as id`);
    return Number(row!.id);
  }

  /** Of these slugs, those with a row. */
  async presentSlugs(slugs: string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await this.em.fork().execute<{ slug: string }[]>('select slug from article where slug in (?)', [slugs]);
    return new Set(rows.map((row) => row.slug));
  }

  /** Of these slugs, those of deliberately deleted articles. */
  async tombstonedSlugs(slugs: string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await this.em.fork().execute<{ slug: string }[]>('select slug from deleted_article where slug in (?)', [slugs]);
    return new Set(rows.map((row) => row.slug));
  }

  /** Of these ids, those with neither a row nor a tombstone. */
  async missingIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.em.fork().execute<{ id: number }[]>(
      `select id from unnest(array[?]::int[]) as ids(id)
        where not exists (select 1 from article a where a.id = ids.id)
          and not exists (select 1 from deleted_article d where d.article_id = ids.id)`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The newest revision of every article id that has no row and no tombstone. */
  latestRevisionsOfMissing(): Promise<RevisionRow[]> {
    return this.em.fork().execute<RevisionRow[]>(
      `select distinct on (r.article_id) r.* from article_revision r
        where not exists (select 1 from article a where a.id = r.article_id)
          and not exists (select 1 from deleted_article d where d.article_id = r.article_id)
        order by r.article_id, r.id desc`,
    );
  }

  /** The newest revision of each of these slugs. */
  latestRevisionsBySlug(slugs: string[]): Promise<RevisionRow[]> {
    if (slugs.length === 0) return Promise.resolve([]);
    return this.em.fork().execute<RevisionRow[]>('select distinct on (slug) * from article_revision where slug in (?) order by slug, id desc', [slugs]);
  }

  async revisedArticleIds(): Promise<number[]> {
    return (await this.em.fork().execute<{ article_id: number }[]>('select distinct article_id from article_revision')).map((row) => row.article_id);
  }
}
