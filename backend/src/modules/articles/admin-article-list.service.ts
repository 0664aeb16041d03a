import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, categorySlug, excerpt, type AdminArticleListQuery, type AdminArticleSummary } from '@ai-mind/contracts';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { SEARCH_CANDIDATES, SearchService } from './article-search.service.js';
import { SUMMARY_COLUMNS, toArticleSummary, type SummaryRow } from './article-summary.js';
import { encodeCursor, requireCursor, type ListCursor } from './list-cursor.js';

export interface AdminArticlePage {
  items: AdminArticleSummary[];
  nextCursor: string | null;
  /** Rows matching every filter; for a search, the matches it ranks (at most SEARCH_CANDIDATES). */
  total: number;
  /** A search matched more articles than it ranks: narrow it to reach older ones. */
  moreMatches: boolean;
  /** Published and draft rows of the category (or of all), whatever the status filter and search. */
  published: number;
  drafts: number;
}

type Row = SummaryRow & { version: number; created_at_key: string };
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

  async page(query: AdminArticleListQuery): Promise<AdminArticlePage> {
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const category = query.category === undefined ? null : categorySlug(query.category);
    const approved = query.status === undefined ? null : query.status === 'published';
    const [page, counts] = await Promise.all([
      query.search === undefined ? this.ordered(query, category, approved, limit) : this.searched(query, query.search, category, approved, limit),
      this.counts(category),
    ]);
    if (page.matches === null) {
      const total = approved === null ? counts.published + counts.drafts : approved ? counts.published : counts.drafts;
      return { items: page.items, nextCursor: page.nextCursor, total, moreMatches: false, ...counts };
    }
    return { items: page.items, nextCursor: page.nextCursor, total: Math.min(page.matches, SEARCH_CANDIDATES), moreMatches: page.matches > SEARCH_CANDIDATES, ...counts };
  }

  private async ordered(query: AdminArticleListQuery, category: string | null, approved: boolean | null, limit: number): Promise<ListPage> {
    const sort = query.sort ?? 'newest';
    const cursor: ListCursor | null = query.cursor === undefined ? null : requireCursor(query.cursor, sort === 'likes' ? ['likes'] : ['keyset'], cursorError);
    const where: string[] = [];
    const params: unknown[] = [];
    if (approved !== null) {
      where.push('a.approved = ?');
      params.push(approved);
    }
    if (category !== null) {
      where.push('a.category_slug = ?');
      params.push(category);
    }
    if (cursor?.kind === 'keyset') {
      where.push(`(a.created_at, a.id) ${sort === 'oldest' ? '>' : '<'} (?::timestamptz, ?)`);
      params.push(cursor.createdAt, cursor.id);
    } else if (cursor?.kind === 'likes') {
      where.push('(a.likes, a.id) < (?, ?)');
      params.push(cursor.likes, cursor.id);
    }
    const order = sort === 'likes' ? 'a.likes desc, a.id desc' : sort === 'oldest' ? 'a.created_at asc, a.id asc' : 'a.created_at desc, a.id desc';
    const rows = await this.em.fork().execute<Row[]>(
      `select ${SUMMARY_COLUMNS}, a.version, a.created_at::text as created_at_key from article a
        ${where.length ? `where ${where.join(' and ')}` : ''} order by ${order} limit ?`,
      [...params, limit + 1],
    );
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const next: ListCursor | null =
      rows.length > limit && last ? (sort === 'likes' ? { kind: 'likes', likes: last.likes, id: last.id } : { kind: 'keyset', createdAt: last.created_at_key, id: last.id }) : null;
    return { items: items.map(toRow), nextCursor: next ? encodeCursor(next) : null, matches: null };
  }

  private async searched(query: AdminArticleListQuery, term: string, category: string | null, approved: boolean | null, limit: number): Promise<ListPage> {
    const offset = query.cursor === undefined ? 0 : requireCursor(query.cursor, ['offset'], cursorError).offset;
    const rows = await this.search.searchAnyStatus(term, { category, approved, offset, limit: limit + 1 });
    return {
      items: rows.slice(0, limit).map(toRow),
      nextCursor: rows.length > limit ? encodeCursor({ kind: 'offset', offset: offset + limit }) : null,
      // A page past the last match carries no count: then only the first page's would say.
      matches: rows[0]?.matches ?? (offset === 0 ? 0 : await this.matches(term, category, approved)),
    };
  }

  /** Exact counts in one statement, read from the (approved, created_at, id) indexes alone. */
  private async counts(category: string | null): Promise<{ published: number; drafts: number }> {
    const [row] = await this.em.fork().execute<{ published: number; drafts: number }[]>(
      `select (count(*) filter (where a.approved))::int as published, (count(*) filter (where not a.approved))::int as drafts
         from article a ${category === null ? '' : 'where a.category_slug = ?'}`,
      category === null ? [] : [category],
    );
    return row!;
  }

  /**
   * How many articles a search matches, counted up to one more than it ranks: counting every match of
   * a common word in 100,000 articles would read most of the table for a number nobody pages through.
   */
  private async matches(term: string, category: string | null, approved: boolean | null): Promise<number> {
    const params: unknown[] = [term];
    let where = `a.search_vector @@ websearch_to_tsquery('english'::regconfig, ?)`;
    if (approved !== null) {
      where += ' and a.approved = ?';
      params.push(approved);
    }
    if (category !== null) {
      where += ' and a.category_slug = ?';
      params.push(category);
    }
    const [row] = await this.em.fork().execute<{ matches: number }[]>(
      `select count(*)::int as matches from (select 1 from article a where ${where} order by a.created_at desc, a.id desc limit ?) m`,
      [...params, SEARCH_CANDIDATES + 1],
    );
    return row!.matches;
  }
}

function toRow(row: Row): AdminArticleSummary {
  return { ...toArticleSummary(row, excerpt), version: row.version };
}
