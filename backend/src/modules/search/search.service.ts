import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SUMMARY_COLUMNS, type SummaryRow } from '../articles/article-summary.js';

/** The text-search configuration of the article_search migration's generated column. */
const TEXT_SEARCH_CONFIG = 'english';

export interface SearchOptions {
  /** Comparable category form (categorySlug), or null for every category. */
  category: string | null;
  offset: number;
  limit: number;
}

/**
 * PostgreSQL full-text search over published articles (title weighted above the AI commentary, above
 * the body). websearch_to_tsquery takes what people type, quotes, minus signs, punctuation and any
 * language included, and never raises a syntax error; a term with no searchable words matches nothing.
 */
@Injectable()
export class SearchService {
  constructor(private readonly em: EntityManager) {}

  searchPublished(term: string, options: SearchOptions): Promise<SummaryRow[]> {
    const params: unknown[] = [TEXT_SEARCH_CONFIG, term];
    let where = 'a.approved = true and a.search_vector @@ q.query';
    if (options.category !== null) {
      where += ' and a.category_slug = ?';
      params.push(options.category);
    }
    // Rank by cover density, normalised by document length (flag 1) so long bodies do not win by size.
    return this.em.execute<SummaryRow[]>(
      `select ${SUMMARY_COLUMNS}, ts_rank_cd(a.search_vector, q.query, 1) as rank
       from article a, websearch_to_tsquery(?::regconfig, ?) as q(query)
       where ${where}
       order by rank desc, a.created_at desc, a.id desc
       offset ? limit ?`,
      [...params, options.offset, options.limit],
    );
  }
}
