import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Correction } from '@ai-mind/contracts';
import { articleColumnList, type ArticleRow } from './article-row.js';

const COLUMNS = articleColumnList();

/**
 * What readers' pages, the sitemap, the feed and other modules read of the `article` table (full-text
 * search is SearchService's, Article Management's list AdminArticleListService's). Each read runs on a
 * fork of its own, or in the caller's transaction when it takes an `em`.
 */
@Injectable()
export class ArticleReads {
  constructor(private readonly em: EntityManager) {}

  async findById(id: number): Promise<ArticleRow | null> {
    const [row] = await this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where id = ?`, [id]);
    return row ?? null;
  }

  async findPublishedBySlug(slug: string): Promise<ArticleRow | null> {
    const [row] = await this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where slug = ? and approved = true`, [slug]);
    return row ?? null;
  }

  async findPublishedById(id: number): Promise<ArticleRow | null> {
    const [row] = await this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where id = ? and approved = true`, [id]);
    return row ?? null;
  }

  /** The newest other published articles of the article's category (compared in its comparable form). */
  publishedInSameCategory(id: number, limit: number): Promise<{ title: string; slug: string; category: string }[]> {
    return this.em.fork().execute(
      `select a.title, a.slug, a.category from article a
        where a.approved = true and a.id <> ? and a.category_slug = (select category_slug from article where id = ?)
        order by a.created_at desc, a.id desc limit ?`,
      [id, id, limit],
    );
  }

  /** Whether the article is published, read in `em`'s transaction when given. */
  async isPublished(id: number, em: EntityManager = this.em.fork()): Promise<boolean> {
    return (await em.execute('select 1 from article where id = ? and approved = true', [id])).length > 0;
  }

  findByIds(ids: number[]): Promise<ArticleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.em.fork().execute<ArticleRow[]>(`select ${COLUMNS} from article where id in (?)`, [ids]);
  }

  /** Of these ids (or all), those with a row, ascending. */
  async existingIds(ids: number[] | 'all'): Promise<number[]> {
    const em = this.em.fork();
    const rows =
      ids === 'all'
        ? await em.execute<{ id: number }[]>('select id from article order by id')
        : ids.length
          ? await em.execute<{ id: number }[]>('select id from article where id in (?) order by id', [[...new Set(ids)]])
          : [];
    return rows.map((row) => row.id);
  }

  async counts(): Promise<{ totalArticles: number; publishedArticles: number }> {
    const [row] = await this.em.fork().execute<{ total: number; published: number }[]>(
      'select count(*)::int as total, (count(*) filter (where approved))::int as published from article',
    );
    return { totalArticles: row!.total, publishedArticles: row!.published };
  }

  /** How many articles are published (the sitemap's size). */
  async publishedCount(): Promise<number> {
    const [row] = await this.em.fork().execute<{ count: number }[]>('select count(*)::int as count from article where approved = true');
    return row!.count;
  }

  /** Published articles for one sitemap file: `limit` of them after the first `offset`, newest first. */
  sitemapEntries(offset: number, limit: number): Promise<{ slug: string; category: string; updated_at: Date }[]> {
    return this.em
      .fork()
      .execute('select slug, category, updated_at from article where approved = true order by created_at desc, id desc offset ? limit ?', [offset, limit]);
  }

  /** Every published article's slug and category (what its public URL is made of), newest first. */
  publishedPaths(): Promise<{ slug: string; category: string }[]> {
    return this.em.fork().execute('select slug, category from article where approved = true order by created_at desc, id desc');
  }

  /** One row per category with published articles (its comparable form, a name as written, its newest change). */
  publishedCategories(): Promise<{ category_slug: string; category: string; updated_at: Date }[]> {
    return this.em
      .fork()
      .execute('select category_slug, min(category) as category, max(updated_at) as updated_at from article where approved = true group by category_slug order by 1');
  }

  /** Whether a published article has this category (in its comparable form). */
  async hasPublishedInCategory(categorySlug: string): Promise<boolean> {
    return (await this.em.fork().execute('select 1 from article where category_slug = ? and approved = true limit 1', [categorySlug])).length > 0;
  }

  /** Whether a list cursor names a published article (of the category, when given) at that position. */
  async isPublishedAt(id: number, createdAt: string, categorySlug: string | null): Promise<boolean> {
    const rows = await this.em
      .fork()
      .execute('select 1 from article where id = ? and created_at = ?::timestamptz and approved = true and (?::text is null or category_slug = ?)', [
        id,
        createdAt,
        categorySlug,
        categorySlug,
      ]);
    return rows.length > 0;
  }

  /** The newest published articles for the feed, with the head of their body. */
  feedItems(limit: number): Promise<{ title: string; slug: string; category: string; meta_description: string | null; content_head: string; created_at: Date }[]> {
    return this.em
      .fork()
      .execute(
        'select title, slug, category, meta_description, left(content, 4000) as content_head, created_at from article where approved = true order by created_at desc, id desc limit ?',
        [limit],
      );
  }

  /** Every note of every published article, newest first. */
  correctionEntries(limit: number): Promise<{ id: number; title: string; slug: string; category: string; note: Correction }[]> {
    return this.em.fork().execute(
      `select a.id, a.title, a.slug, a.category, n.note from article a cross join lateral jsonb_array_elements(a.corrections) as n(note)
        where a.corrections <> '[]'::jsonb and a.approved = true
        order by n.note->>'createdAt' desc, a.id desc limit ?`,
      [limit],
    );
  }
}
