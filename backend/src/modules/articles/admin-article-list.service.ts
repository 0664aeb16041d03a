import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ADMIN_PAGE_SIZE,
  ARTICLE_STAGES,
  categorySlug,
  excerpt,
  type AdminArticleListQuery,
  type AdminArticleSummary,
  type ArticleStage,
} from '@ai-mind/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { articlesDb, type ArticlesDatabase } from './tables.js';
import { reviewSelection, toReviewFields, type ReviewRow } from './article-row.js';
import { SEARCH_CANDIDATES, SearchService } from './article-search.service.js';
import { createdAtKey, pastKey, summarySelection, toArticleSummary, type SummaryRow } from './article-summary.js';
import { encodeCursor, requireCursor, type ListCursor } from '../../common/list-cursor.js';

export interface AdminArticlePage {
  items: AdminArticleSummary[];
  nextCursor: string | null;
  /** Rows matching every filter; for a search, the matches it ranks (at most SEARCH_CANDIDATES). */
  total: number;
  /** A search matched more articles than it ranks: narrow it to reach older ones. */
  moreMatches: boolean;
  /** Published and draft rows of the category (or of all) and the assignee, whatever the status and stage filters and search. */
  published: number;
  drafts: number;
  /** Rows of each stage, counted as `published` and `drafts` are. */
  stages: Record<ArticleStage, number>;
}

/** The filters a list and its counts share (see filtered). */
interface Scope {
  category: string | null;
  approved: boolean | null;
  stage: ArticleStage | null;
  assigneeId: number | null;
}

type Row = SummaryRow & ReviewRow & { version: number; created_at_key: string };
/** A page of rows; a search's also says how many matches it ranks (see SearchService.searchAnyStatus). */
type ListPage = Pick<AdminArticlePage, 'items' | 'nextCursor'> & { matches: number | null };

const cursorError = (message: string) => new ValidationFailedException([{ path: 'cursor', message }]);

/**
 * Article Management's list: one page of summaries (never the bodies) in any status, newest first,
 * oldest first or most liked first, or ranked by a full-text search; with exact counts. Every order
 * walks an index by keyset, so a page costs the same at the end of 100,000 articles as at the start.
 */
@Injectable()
export class AdminArticleListService {
  constructor(
    private readonly em: EntityManager,
    private readonly search: SearchService,
  ) {}

  /** `callerId`: whose "assigned to me" (`assignee=me`) is. */
  async page(query: AdminArticleListQuery, callerId: number): Promise<AdminArticlePage> {
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const scope: Scope = {
      category: query.category === undefined ? null : categorySlug(query.category),
      approved: query.status === undefined ? null : query.status === 'published',
      stage: query.stage ?? null,
      assigneeId: query.assignee === undefined ? null : query.assignee === 'me' ? callerId : query.assignee,
    };
    const [page, counts] = await Promise.all([
      query.search === undefined ? this.ordered(query, scope, limit) : this.searched(query, query.search, scope, limit),
      // Built on the next turn of the event loop, once the page's statement is on its way: building it first
      // held the page's statement back (a search's page took 0.4 ms longer, of 2.5 ms).
      nextTurn().then(() => this.counts(scope)),
    ]);
    if (page.matches === null) {
      return { items: page.items, nextCursor: page.nextCursor, total: totalOf(scope, counts), moreMatches: false, ...counts };
    }
    return {
      items: page.items,
      nextCursor: page.nextCursor,
      total: Math.min(page.matches, SEARCH_CANDIDATES),
      moreMatches: page.matches > SEARCH_CANDIDATES,
      ...counts,
    };
  }

  private async ordered(query: AdminArticleListQuery, scope: Scope, limit: number): Promise<ListPage> {
    const sort = query.sort ?? 'newest';
    const cursor: ListCursor | null = query.cursor === undefined ? null : requireCursor(query.cursor, sort === 'likes' ? ['likes'] : ['keyset'], cursorError);
    let list = filtered(articlesDb(this.em.fork()).selectFrom('article'), scope, true).select((eb) => [
      ...summarySelection(eb),
      'article.version',
      ...reviewSelection(eb),
      createdAtKey(eb),
    ]);
    if (cursor?.kind === 'keyset') list = list.where(pastKey(sort === 'oldest' ? '>' : '<', cursor));
    else if (cursor?.kind === 'likes') list = list.where((eb) => eb(eb.refTuple('article.likes', 'article.id'), '<', eb.tuple(cursor.likes, cursor.id)));
    list =
      sort === 'likes'
        ? list.orderBy('article.likes', 'desc').orderBy('article.id', 'desc')
        : sort === 'oldest'
          ? list.orderBy('article.created_at', 'asc').orderBy('article.id', 'asc')
          : list.orderBy('article.created_at', 'desc').orderBy('article.id', 'desc');
    const rows = await list
      .limit(limit + 1)
      // As PostgreSQL returns the row (see Row): the entity-typed selection would let a nullable column be undefined too.
      .$castTo<Row>()
      .execute();
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const next: ListCursor | null =
      rows.length > limit && last
        ? sort === 'likes'
          ? { kind: 'likes', likes: last.likes, id: last.id }
          : { kind: 'keyset', createdAt: last.created_at_key, id: last.id }
        : null;
    return { items: items.map(toRow), nextCursor: next ? encodeCursor(next) : null, matches: null };
  }

  private async searched(query: AdminArticleListQuery, term: string, scope: Scope, limit: number): Promise<ListPage> {
    const offset = query.cursor === undefined ? 0 : requireCursor(query.cursor, ['offset'], cursorError).offset;
    const rows = await this.search.searchAnyStatus(term, { ...scope, offset, limit: limit + 1 });
    return {
      items: rows.slice(0, limit).map(toRow),
      nextCursor: rows.length > limit ? encodeCursor({ kind: 'offset', offset: offset + limit }) : null,
      // A page past the last match carries no count: then only the first page's would say.
      matches: rows[0]?.matches ?? (offset === 0 ? 0 : await this.matches(term, scope)),
    };
  }

  /** Exact counts of the category and assignee in one statement, from the stage indexes (see the review_schedule migration). */
  private async counts(scope: Scope): Promise<Pick<AdminArticlePage, 'published' | 'drafts' | 'stages'>> {
    const row = await filtered(articlesDb(this.em.fork()).selectFrom('article'), scope, false)
      // Each stage written into the statement, not bound: the application's constants, not a request's values.
      .select((eb) => ARTICLE_STAGES.map((stage) => eb.cast<number>(eb.fn.countAll().filterWhere('article.stage', '=', sql.lit(stage)), 'integer').as(stage)))
      // Named by the stages, which a selection made by a map does not say to the type.
      .$castTo<Record<ArticleStage, number>>()
      .executeTakeFirstOrThrow();
    const stages = Object.fromEntries(ARTICLE_STAGES.map((stage) => [stage, row[stage] ?? 0])) as Record<ArticleStage, number>;
    return { published: stages.published, drafts: ARTICLE_STAGES.reduce((sum, stage) => (stage === 'published' ? sum : sum + stages[stage]), 0), stages };
  }

  /**
   * How many articles a search matches, counted up to one more than it ranks: counting every match of
   * a common word in 100,000 articles would read most of the table for a number nobody pages through.
   */
  private async matches(term: string, scope: Scope): Promise<number> {
    const row = await articlesDb(this.em.fork())
      .selectFrom((eb) =>
        // The query spelled out in the condition, as SearchService does, so the planner sees its words.
        filtered(eb.selectFrom('article').where('article.search_vector', '@@', sql<string>`websearch_to_tsquery('english'::regconfig, ${term})`), scope, true)
          .select(sql.lit(1).as('one'))
          .orderBy('article.created_at', 'desc')
          .orderBy('article.id', 'desc')
          .limit(SEARCH_CANDIDATES + 1)
          .as('m'),
      )
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('matches'))
      .executeTakeFirstOrThrow();
    return row.matches;
  }
}

/** The scope's conditions added to a query over `article`; the counts leave out the status and stage (they count each). */
function filtered<O>(
  query: SelectQueryBuilder<ArticlesDatabase, 'article', O>,
  scope: Scope,
  withStage: boolean,
): SelectQueryBuilder<ArticlesDatabase, 'article', O> {
  if (withStage && scope.approved !== null) query = query.where('article.approved', '=', scope.approved);
  if (withStage && scope.stage !== null) query = query.where('article.stage', '=', scope.stage);
  if (scope.category !== null) query = query.where('article.category_slug', '=', scope.category);
  if (scope.assigneeId !== null) query = query.where('article.assignee_id', '=', scope.assigneeId);
  return query;
}

/** The number of rows every filter matches, from the counts (an unsearched list). */
function totalOf(scope: Scope, counts: Pick<AdminArticlePage, 'published' | 'drafts' | 'stages'>): number {
  if (scope.stage !== null) return scope.approved === null || scope.approved === (scope.stage === 'published') ? counts.stages[scope.stage] : 0;
  return scope.approved === null ? counts.published + counts.drafts : scope.approved ? counts.published : counts.drafts;
}

function toRow(row: Row): AdminArticleSummary {
  return { ...toArticleSummary(row, excerpt), version: row.version, ...toReviewFields(row) };
}
