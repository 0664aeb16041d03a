import { Injectable } from '@nestjs/common';
import { IsolationLevel } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { articlesDb } from './tables.js';
import type { RevisionRow } from './article-revision.entity.js';
import { ARTICLE_COLUMNS, ARTICLE_SELECTION, ARTICLE_VALUE_ROW, articleColumnList, articleRowValues, type ArticleRow } from './article-row.js';
import { ArticleWriter, type Actor } from './article-writer.js';

const COLUMNS = articleColumnList();

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
 * missing articles, and the restoring inserts (recorded by the article_history trigger,
 * article-history.sql.ts, as 'restore' revisions of the recovery run; the http_cache_article trigger,
 * article-purge.sql.ts, queues their purge).
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
        for (let after = 0; ;) {
          const rows = await articlesDb(em)
            .selectFrom('article as a')
            .select(ARTICLE_SELECTION.map((column) => `a.${column}` as const))
            .select((eb) => [
              eb
                .selectFrom('interaction as i')
                .select((inner) => inner.fn.coalesce(inner.fn.max('i.id'), inner.lit(0)).as('id'))
                .whereRef('i.article_id', '=', 'a.id')
                .as('interactions_through'),
              eb
                .selectFrom('comment as c')
                .select((inner) => inner.fn.coalesce(inner.fn.max('c.id'), inner.lit(0)).as('id'))
                .whereRef('c.article_id', '=', 'a.id')
                .as('comments_through'),
            ])
            .where('a.id', '>', after)
            .orderBy('a.id')
            .limit(batchSize)
            // As PostgreSQL returns them: the bigint ids as text.
            .$castTo<SnapshotRow>()
            .execute();
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
        // Raw: a multi-row insert from typed VALUES, its counters from lateral counts, on conflict skipped.
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
    // Raw: sequence functions over the table's serial sequence.
    await this.em
      .fork()
      .execute(`select setval(pg_get_serial_sequence('article', 'id'), greatest(max(id), nextval(pg_get_serial_sequence('article', 'id')))) from article`);
  }

  async nextId(): Promise<number> {
    // Raw: a sequence function.
    const [row] = await this.em.fork().execute<{ id: string }[]>(`select nextval(pg_get_serial_sequence('article', 'id')) as id`);
    return Number(row!.id);
  }

  /** Of these slugs, those with a row. */
  async presentSlugs(slugs: string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await articlesDb(this.em.fork()).selectFrom('article').select('slug').where('slug', 'in', slugs).execute();
    return new Set(rows.map((row) => row.slug));
  }

  /** Of these slugs, those of deliberately deleted articles. */
  async tombstonedSlugs(slugs: string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await articlesDb(this.em.fork()).selectFrom('deleted_article').select('slug').where('slug', 'in', slugs).execute();
    return new Set(rows.map((row) => row.slug));
  }

  /** Of these ids, those with neither a row nor a tombstone. */
  async missingIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    // Raw: the ids are rows of an unnested array.
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
    return this.revisions()
      .distinctOn('r.article_id')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('article as a').select('a.id').whereRef('a.id', '=', 'r.article_id'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('deleted_article as d').select('d.id').whereRef('d.article_id', '=', 'r.article_id'))))
      .orderBy('r.article_id')
      .orderBy('r.id', 'desc')
      .execute();
  }

  /** The newest revision of each of these slugs. */
  latestRevisionsBySlug(slugs: string[]): Promise<RevisionRow[]> {
    if (slugs.length === 0) return Promise.resolve([]);
    return this.revisions().distinctOn('r.slug').where('r.slug', 'in', slugs).orderBy('r.slug').orderBy('r.id', 'desc').execute();
  }

  async revisedArticleIds(): Promise<number[]> {
    return (await articlesDb(this.em.fork()).selectFrom('article_revision').select('article_id').distinct().execute()).map((row) => row.article_id);
  }

  private revisions() {
    // Typed as PostgreSQL returns them (RevisionRow): the bigints as text, the snapshot an ArticleRow.
    return articlesDb(this.em.fork()).selectFrom('article_revision as r').selectAll('r').$castTo<RevisionRow>();
  }
}
