import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AiGrade, Correction } from '@ai-mind/contracts';
import { sql } from 'kysely';
import { articlesDb } from './tables.js';
import { ARTICLE_SELECTION, type ArticleRow } from './article-row.js';

/**
 * What readers' pages, the sitemap, the feed and other modules read of the `article` table (full-text
 * search is SearchService's, Article Management's list AdminArticleListService's). Each read runs on a
 * fork of its own, or in the caller's transaction when it takes an `em`.
 */
@Injectable()
export class ArticleReads {
  constructor(private readonly em: EntityManager) {}

  async findById(id: number): Promise<ArticleRow | null> {
    return (await this.rows().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findPublishedBySlug(slug: string): Promise<ArticleRow | null> {
    return (await this.rows().where('slug', '=', slug).where('approved', '=', true).executeTakeFirst()) ?? null;
  }

  async findPublishedById(id: number): Promise<ArticleRow | null> {
    return (await this.rows().where('id', '=', id).where('approved', '=', true).executeTakeFirst()) ?? null;
  }

  /** The newest other published articles of the article's category (compared in its comparable form). */
  publishedInSameCategory(id: number, limit: number): Promise<{ title: string; slug: string; category: string }[]> {
    return articlesDb(this.em.fork())
      .selectFrom('article as a')
      .select(['a.title', 'a.slug', 'a.category'])
      .where('a.approved', '=', true)
      .where('a.id', '<>', id)
      .where('a.category_slug', '=', (eb) => eb.selectFrom('article').select('category_slug').where('id', '=', id))
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Whether the article is published, read in `em`'s transaction when given. */
  async isPublished(id: number, em: EntityManager = this.em.fork()): Promise<boolean> {
    return (await articlesDb(em).selectFrom('article').select('id').where('id', '=', id).where('approved', '=', true).executeTakeFirst()) !== undefined;
  }

  findByIds(ids: number[]): Promise<ArticleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.rows().where('id', 'in', ids).execute();
  }

  /** Of these ids (or all), those with a row, ascending. */
  async existingIds(ids: number[] | 'all'): Promise<number[]> {
    if (ids !== 'all' && ids.length === 0) return [];
    let query = articlesDb(this.em.fork()).selectFrom('article').select('id').orderBy('id');
    if (ids !== 'all') query = query.where('id', 'in', [...new Set(ids)]);
    return (await query.execute()).map((row) => row.id);
  }

  async counts(): Promise<{ totalArticles: number; publishedArticles: number }> {
    const row = await articlesDb(this.em.fork())
      .selectFrom('article')
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll(), 'integer').as('total'),
        eb.cast<number>(eb.fn.countAll().filterWhere('approved', '=', true), 'integer').as('published'),
      ])
      .executeTakeFirstOrThrow();
    return { totalArticles: row.total, publishedArticles: row.published };
  }

  /** How many articles are published (the sitemap's size). */
  async publishedCount(): Promise<number> {
    const row = await this.published()
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Published articles for one sitemap file: `limit` of them after the first `offset`, newest first. */
  sitemapEntries(offset: number, limit: number): Promise<{ slug: string; category: string; updated_at: Date }[]> {
    return this.published()
      .select(['slug', 'category', 'updated_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Every published article's slug and category (what its public URL is made of), newest first. */
  publishedPaths(): Promise<{ slug: string; category: string }[]> {
    return this.published().select(['slug', 'category']).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** One row per category with published articles (its comparable form, a name as written, its newest change). */
  publishedCategories(): Promise<{ category_slug: string; category: string; updated_at: Date }[]> {
    return this.published()
      .select((eb) => ['category_slug', eb.fn.min('category').as('category'), eb.fn.max('updated_at').as('updated_at')])
      .groupBy('category_slug')
      .orderBy('category_slug')
      .execute();
  }

  /** Whether a published article has this category (in its comparable form). */
  async hasPublishedInCategory(categorySlug: string): Promise<boolean> {
    return (await this.published().select('id').where('category_slug', '=', categorySlug).limit(1).executeTakeFirst()) !== undefined;
  }

  /** Whether a list cursor names a published article (of the category, when given) at that position. */
  async isPublishedAt(id: number, createdAt: string, categorySlug: string | null): Promise<boolean> {
    // The cursor's time as PostgreSQL reads it (to the microsecond), not as a JavaScript Date would keep it.
    let query = this.published()
      .select('id')
      .where('id', '=', id)
      .where('created_at', '=', sql<Date>`${createdAt}::timestamptz`);
    if (categorySlug !== null) query = query.where('category_slug', '=', categorySlug);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The newest published articles for the feed, with the head of their body. */
  feedItems(limit: number): Promise<
    {
      title: string;
      slug: string;
      category: string;
      meta_description: string | null;
      content_head: string;
      created_at: Date;
      ai_grade: AiGrade | null;
      ai_label: string | null;
    }[]
  > {
    return this.published()
      .select((eb) => [
        'title',
        'slug',
        'category',
        'meta_description',
        eb.fn<string>('left', ['content', eb.val(4000)]).as('content_head'),
        'created_at',
        // The kept grade (article_grade), so each item carries its label without computing it.
        sql<AiGrade | null>`(select g.grade from article_grade g where g.article_id = article.id)`.as('ai_grade'),
        sql<string | null>`(select g.label from article_grade g where g.article_id = article.id)`.as('ai_label'),
      ])
      .$narrowType<{ meta_description: string | null }>()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Every note of every published article, newest first. */
  correctionEntries(limit: number): Promise<{ id: number; title: string; slug: string; category: string; note: Correction }[]> {
    // Raw: a lateral join over a jsonb array's elements, ordered by a field of each.
    return this.em.fork().execute(
      `select a.id, a.title, a.slug, a.category, n.note from article a cross join lateral jsonb_array_elements(a.corrections) as n(note)
        where a.corrections <> '[]'::jsonb and a.approved = true
        order by n.note->>'createdAt' desc, a.id desc limit ?`,
      [limit],
    );
  }

  /** Whole article rows, for a query to go on with. */
  private rows() {
    // The entity-typed selection would let a nullable column be undefined too; a selected one never is.
    return articlesDb(this.em.fork()).selectFrom('article').select(ARTICLE_SELECTION).$castTo<ArticleRow>();
  }

  /** The published articles, for a query to go on with. */
  private published() {
    return articlesDb(this.em.fork()).selectFrom('article').where('approved', '=', true);
  }
}
