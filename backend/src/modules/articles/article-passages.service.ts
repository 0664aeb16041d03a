import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { stripTags } from '@ai-mind/contracts';
import type { Passage } from '../ai/index.js';
import { keywords } from '../../common/keywords.js';

/** Paragraphs handed to the AI for one question. */
export const PASSAGE_COUNT = 6;
/** Archive articles whose paragraphs are ranked, chosen by their whole-article rank first. */
const ARCHIVE_ARTICLES = 5;

/** A search for any of the question's content words: terms are letters and digits only, so the query is always valid. */
export function anyTermQuery(question: string): string | null {
  const terms = keywords(question)
    .flatMap((word) => word.split(/[^\p{L}\p{N}]+/u))
    .filter((term) => term.length > 2);
  return terms.length ? [...new Set(terms)].slice(0, 12).join(' | ') : null;
}

/**
 * The paragraphs that best answer a question, found by PostgreSQL full-text search: first those of
 * the article the reader is looking at, then those of the archive's best-matching published articles
 * (found through the articles' search index), each paragraph ranked on its own.
 */
@Injectable()
export class PassagesService {
  constructor(private readonly em: EntityManager) {}

  async find(question: string, articleInView?: number): Promise<Passage[]> {
    const query = anyTermQuery(question);
    if (!query) return [];
    const inView = articleInView ?? 0;
    // Raw: full-text ranking over each article's paragraphs, split by a regular expression in a lateral join.
    const rows = await this.em.getConnection().execute<{ title: string; slug: string; html: string; in_view: boolean }[]>(
      `with q as (select to_tsquery('english', ?) as query),
       candidates as (
         select a.id from article a where a.id = ? and a.approved = true
         union
         (select a.id from article a, q where a.approved = true and a.search_vector @@ q.query
           order by ts_rank(a.search_vector, q.query) desc, a.id limit ?)
       ),
       paragraphs as (
         select a.id, a.title, a.slug, p.html, p.position
           from article a join candidates c on c.id = a.id
           cross join lateral regexp_split_to_table(a.content, '</(p|li|h[1-6]|blockquote)>', 'i') with ordinality as p(html, position)
       )
       select p.title, p.slug, p.html, p.id = ? as in_view
         from paragraphs p, q
        where to_tsvector('english', p.html) @@ q.query
        order by p.id = ? desc, ts_rank(to_tsvector('english', p.html), q.query) desc, p.id, p.position
        limit ?`,
      [query, inView, ARCHIVE_ARTICLES, inView, inView, PASSAGE_COUNT],
    );
    return rows.map((row) => ({ title: row.title, slug: row.slug, text: stripTags(row.html), inView: row.in_view }));
  }
}
