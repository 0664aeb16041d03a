import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { reviewColumnList, type ReviewRow } from './article-row.js';
import { SUMMARY_COLUMNS, type SummaryRow } from './article-summary.js';

/** The text-search configuration of the article_search migration's generated column. */
const TEXT_SEARCH_CONFIG = 'english';

export interface SearchOptions {
  /** Comparable category form (categorySlug), or null for every category. */
  category: string | null;
  offset: number;
  limit: number;
}

/**
 * Matches ranked per search: the newest this many (or as many as the page asked for needs). Ranking
 * reads each candidate's whole vector, so ranking every match of a common word in 100,000 articles
 * would take most of a second; the newest few hundred are what a news reader is after anyway.
 */
export const SEARCH_CANDIDATES = 300;

/**
 * PostgreSQL full-text search over published articles (title weighted above the AI commentary, above
 * the body). websearch_to_tsquery takes what people type, quotes, minus signs, punctuation and any
 * language included, and never raises a syntax error; a term with no searchable words matches nothing.
 * The best matches among the newest SEARCH_CANDIDATES matching articles come first: a rare word is
 * found through the GIN index, a common one by walking the (approved, created_at, id) index newest
 * first, and either way the work is bounded however many articles there are.
 */
@Injectable()
export class SearchService {
  constructor(private readonly em: EntityManager) {}

  searchPublished(term: string, options: SearchOptions): Promise<SummaryRow[]> {
    // The query is spelled out in the WHERE clause (not joined in) so the planner sees its words and
    // picks the index by how common they are.
    const params: unknown[] = [TEXT_SEARCH_CONFIG, term];
    let where = 'a.approved = true and a.search_vector @@ websearch_to_tsquery(?::regconfig, ?)';
    if (options.category !== null) {
      where += ' and a.category_slug = ?';
      params.push(options.category);
    }
    const candidates = Math.max(SEARCH_CANDIDATES, options.offset + options.limit);
    // Rank by cover density, normalised by document length (flag 1) so long bodies do not win by size.
    // Only the page's rows are then read in full: the bodies of the other candidates stay unread.
    // Raw: full-text ranking (websearch_to_tsquery, ts_rank_cd) over the newest candidates, nested as the planner needs it.
    return this.em.execute<SummaryRow[]>(
      `select ${SUMMARY_COLUMNS}, r.rank
       from (
         select c.id, ts_rank_cd(c.search_vector, websearch_to_tsquery(?::regconfig, ?), 1) as rank, c.created_at
         from (select a.id, a.search_vector, a.created_at from article a where ${where} order by a.created_at desc, a.id desc limit ?) c
         order by rank desc, c.created_at desc, c.id desc
         offset ? limit ?
       ) r
       join article a on a.id = r.id
       order by r.rank desc, a.created_at desc, a.id desc`,
      [TEXT_SEARCH_CONFIG, term, ...params, candidates, options.offset, options.limit],
    );
  }

  /**
   * The editors' search: drafts too (or one status), with a title match ahead of any other match,
   * then by rank, among the newest SEARCH_CANDIDATES matches as above. Rows carry the version, the
   * exact creation time, and how many matches there are, counted up to one more than are ranked (so
   * the caller can say there are more without counting every match of a common word).
   */
  searchAnyStatus(
    term: string,
    options: SearchOptions & { approved: boolean | null; stage?: string | null; assigneeId?: number | null },
  ): Promise<(SummaryRow & ReviewRow & { version: number; created_at_key: string; matches: number })[]> {
    const params: unknown[] = [TEXT_SEARCH_CONFIG, term];
    let where = 'a.search_vector @@ websearch_to_tsquery(?::regconfig, ?)';
    if (options.approved !== null) {
      where += ' and a.approved = ?';
      params.push(options.approved);
    }
    if (options.category !== null) {
      where += ' and a.category_slug = ?';
      params.push(options.category);
    }
    if (options.stage) {
      where += ' and a.stage = ?';
      params.push(options.stage);
    }
    if (options.assigneeId) {
      where += ' and a.assignee_id = ?';
      params.push(options.assigneeId);
    }
    const candidates = Math.max(SEARCH_CANDIDATES, options.offset + options.limit);
    // Raw: full-text ranking with a title match and a windowed match count over the newest candidates.
    return this.em.execute(
      `select ${SUMMARY_COLUMNS}, a.version, ${reviewColumnList('a')}, a.created_at::text as created_at_key, r.matches
       from (
         select c.id, c.created_at, c.matches, ts_rank_cd(c.search_vector, q.query, 1) as rank,
                to_tsvector(?::regconfig, c.title) @@ q.query as title_match
         from (
           select x.*, (count(*) over ())::int as matches, row_number() over (order by x.created_at desc, x.id desc) as nth
           from (select a.id, a.title, a.search_vector, a.created_at from article a where ${where} order by a.created_at desc, a.id desc limit ?) x
         ) c,
              websearch_to_tsquery(?::regconfig, ?) q(query)
         where c.nth <= ?
         order by title_match desc, rank desc, c.created_at desc, c.id desc
         offset ? limit ?
       ) r
       join article a on a.id = r.id
       order by r.title_match desc, r.rank desc, a.created_at desc, a.id desc`,
      [TEXT_SEARCH_CONFIG, ...params, candidates + 1, TEXT_SEARCH_CONFIG, term, candidates, options.offset, options.limit],
    );
  }
}
