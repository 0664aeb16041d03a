import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AiGrade, ArticleGrade, GradeChange } from '@ai-mind/contracts';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { articlesDb } from './tables.js';
import { ArticleProvenanceService } from './article-provenance.service.js';

/** The grade as lists and the feed read it, kept per article. */
export interface StoredGrade {
  grade: AiGrade;
  label: string;
  disclosed: boolean;
}

/** The advisory lock class of a grade's refresh (with the article id): one refresh of an article at a time, across processes. */
const GRADE_LOCK = 41_001;
/** Articles graded per round of a sweep. */
const SWEEP_BATCH = 100;

/**
 * Each article's AI involvement grade, computed from its records (ArticleProvenanceService.record and
 * the contracts' gradeArticle: the rule is there only), kept per article (article_grade) with every
 * change of it (article_grade_change). `refresh` recomputes one article after a committed change of it
 * or of its claims; `refreshStale` every article whose newest revision is newer than its grade (the
 * API's ArticleGradeKeeper runs it on every article change, whoever made it, and at start).
 *
 * A grade can only be computed where the generation records are known (the public-record module
 * registers them in the API): elsewhere `refresh` does nothing, rather than store a grade without them.
 */
@Injectable()
export class ArticleDisclosureService {
  private readonly logger = new Logger(ArticleDisclosureService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly provenance: ArticleProvenanceService,
  ) {}

  /** The article's grade as its records say now (null when there is no such article). */
  async grade(articleId: number): Promise<ArticleGrade | null> {
    const row = await articlesDb(this.em.fork()).selectFrom('article').select(['id', 'content']).where('id', '=', articleId).executeTakeFirst();
    return row ? this.provenance.grade(row) : null;
  }

  /** Each change of the article's grade, oldest first: which label readers were shown from when. */
  async gradeHistory(articleId: number): Promise<GradeChange[]> {
    const rows = await articlesDb(this.em.fork())
      .selectFrom('article_grade_change')
      .select(['grade', 'label', 'disclosed', 'changed_at', 'revision_id'])
      .where('article_id', '=', articleId)
      .orderBy('seq')
      .execute();
    return rows.map((row) => ({
      grade: row.grade,
      label: row.label,
      disclosed: row.disclosed,
      since: new Date(row.changed_at).toISOString(),
      revisionId: row.revision_id === null ? null : Number(row.revision_id),
    }));
  }

  /** The kept grades of these articles (an article graded not yet is missing from the map). */
  async storedGrades(articleIds: readonly number[]): Promise<Map<number, StoredGrade>> {
    if (articleIds.length === 0) return new Map();
    const rows = await articlesDb(this.em.fork())
      .selectFrom('article_grade')
      .select(['article_id', 'grade', 'label', 'disclosed'])
      .where('article_id', 'in', [...articleIds])
      .execute();
    return new Map(rows.map((row) => [row.article_id, { grade: row.grade, label: row.label, disclosed: row.disclosed }]));
  }

  /**
   * Recomputes the article's grade and keeps it; records a change when it differs from the last one,
   * and then, for a published article, drops the caches that show it (every API process's, and the
   * shared cache's keys of the article and the feed), as any article change does (a draft's grade is
   * shown only in the admin, which reads it fresh). Answers whether the grade changed. `onlyIfStale`
   * (the sweep's) skips an article another process graded at its newest revision meanwhile.
   */
  async refresh(articleId: number, onlyIfStale = false): Promise<boolean> {
    if (!this.provenance.knowsGenerationRecords()) return false;
    return this.em.fork().transactional(async (em) => {
      // Raw: a transaction-level advisory lock, so two processes refreshing the same article take turns
      // and the later one reads what the earlier committed.
      await em.execute('select pg_advisory_xact_lock(?, ?)', [GRADE_LOCK, articleId]);
      const db = articlesDb(em);
      const article = await db.selectFrom('article').select(['id', 'content', 'approved']).where('id', '=', articleId).executeTakeFirst();
      if (!article) return false;
      const newest = await db
        .selectFrom('article_revision')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('article_id', '=', articleId)
        .executeTakeFirst();
      const revisionId = newest?.id === null || newest?.id === undefined ? 0 : Number(newest.id);
      if (onlyIfStale) {
        const kept = await db.selectFrom('article_grade').select('revision_id').where('article_id', '=', articleId).executeTakeFirst();
        if (kept && Number(kept.revision_id) >= revisionId) return false;
      }
      const { grade, label, disclosed } = await this.provenance.grade(article);
      await db
        .insertInto('article_grade')
        .values({ article_id: articleId, grade, label, disclosed, revision_id: revisionId, graded_at: sql<Date>`now()` })
        .onConflict((conflict) => conflict.column('article_id').doUpdateSet({ grade, label, disclosed, revision_id: revisionId, graded_at: sql<Date>`now()` }))
        .execute();
      // The change's place is the one after the last; the trigger and the checks refuse a change to the same grade.
      const last = await db
        .selectFrom('article_grade_change')
        .select(['seq', 'grade'])
        .where('article_id', '=', articleId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last?.grade === grade) return false;
      const inserted = await db
        .insertInto('article_grade_change')
        .values({ article_id: articleId, seq: (last?.seq ?? 0) + 1, grade, label, disclosed, revision_id: revisionId || null, changed_at: sql<Date>`now()` })
        .onConflict((conflict) => conflict.columns(['article_id', 'seq']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted || !article.approved) return Boolean(inserted);
      // An article's first grade is news to the lists only when it is not the disclosure they showed until it was graded (cardGrade).
      if (!last && grade === 'ai-unreviewed') return true;
      // Raw: the pages' caches hear of it as of any article change (ArticleChangeListener), and the shared
      // cache's keys of the article (its page, JSON and every list showing it) and the feed are queued for
      // purging through http-cache's outbox function, as the article's own purge trigger does.
      await em.execute(`select pg_notify('article_changed', ''), http_cache_queue(string_to_array(?, ' '), interval '150 milliseconds')`, [
        [cacheKeys.article(articleId), cacheKeys.rss].join(' '),
      ]);
      return true;
    });
  }

  /** Grades every article whose newest revision is newer than its kept grade (or that has none), in rounds; answers how many it graded. */
  async refreshStale(): Promise<number> {
    if (!this.provenance.knowsGenerationRecords()) return 0;
    let graded = 0;
    for (;;) {
      const stale = await articlesDb(this.em.fork())
        .selectFrom('article as a')
        .leftJoin('article_grade as g', 'g.article_id', 'a.id')
        .select('a.id')
        .where((eb) =>
          eb.or([
            eb('g.article_id', 'is', null),
            // The newest revision by the index on (article_id, id desc).
            sql<boolean>`g.revision_id < (select max(r.id) from article_revision r where r.article_id = a.id)`,
          ]),
        )
        .orderBy('a.id')
        .limit(SWEEP_BATCH)
        .execute();
      let failed = false;
      for (const { id } of stale) {
        try {
          await this.refresh(id, true);
        } catch (error) {
          failed = true;
          this.logger.error({ err: error, articleId: id }, 'Could not grade an article');
        }
      }
      graded += stale.length;
      // A failed article would come back in the next round: the next change or start tries again.
      if (stale.length < SWEEP_BATCH || failed) return graded;
    }
  }
}
