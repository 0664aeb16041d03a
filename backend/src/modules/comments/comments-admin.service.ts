import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, type AdminComment, type AdminCommentListQuery } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { newestFirstPage } from '../../common/newest-first-page.js';
import { ArticleReaderCounts } from '../articles/index.js';

export interface AdminCommentPage {
  items: AdminComment[];
  nextCursor: string | null;
  total: number;
}

interface Row {
  id: number;
  article_id: number;
  article_title: string | null;
  article_slug: string | null;
  author_name: string;
  content: string;
  ai_response: string | null;
  spam: boolean;
  created_at: Date;
}

/**
 * Comment moderation: every article's comments newest first, found by article, text or name; deleted
 * (the AI reply is a column of the comment, so it goes with it) or marked spam (kept, hidden from
 * readers). Either takes the comment off its article's counter through the article store.
 */
@Injectable()
export class CommentsAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleReaderCounts,
  ) {}

  async page(query: AdminCommentListQuery): Promise<AdminCommentPage> {
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.articleId !== undefined) {
      where.push('c.article_id = ?');
      params.push(query.articleId);
    }
    if (query.search !== undefined) {
      where.push('(c.content ilike ? or c.author_name ilike ?)');
      params.push(containing(query.search), containing(query.search));
    }
    if (query.spam !== undefined) {
      where.push('c.spam = ?');
      params.push(query.spam === 'true');
    }
    const { rows, nextCursor, total } = await newestFirstPage<Row>(
      this.em,
      {
        select: 'c.id, c.article_id, a.title as article_title, a.slug as article_slug, c.author_name, c.content, c.ai_response, c.spam, c.created_at',
        from: 'comment c left join article a on a.id = c.article_id',
        countFrom: 'comment c',
        time: 'c.created_at',
        id: 'c.id',
      },
      { where, params },
      { cursor: query.cursor, limit },
    );
    return { items: rows.map(toAdminComment), nextCursor, total };
  }

  /** Deletes the comments (and their AI replies); the counters lose those readers still saw. */
  delete(ids: number[]): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const deleted = await em.execute<{ article_id: number; spam: boolean }[]>('delete from comment where id in (?) returning article_id, spam', [ids]);
      await this.articles.uncountComments(em, deleted.filter((row) => !row.spam).map((row) => row.article_id));
      return deleted.length;
    });
  }

  /** Marks (or unmarks) as spam; only comments whose mark changes move their article's counter. */
  markSpam(ids: number[], spam: boolean): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const changed = await em.execute<{ article_id: number }[]>('update comment set spam = ? where id in (?) and spam = ? returning article_id', [spam, ids, !spam]);
      const articleIds = changed.map((row) => row.article_id);
      await (spam ? this.articles.uncountComments(em, articleIds) : this.articles.recountComments(em, articleIds));
      return changed.length;
    });
  }
}

function toAdminComment(row: Row): AdminComment {
  return {
    id: row.id,
    articleId: row.article_id,
    articleTitle: row.article_title ?? '(deleted article)',
    articleSlug: row.article_slug ?? '',
    authorName: row.author_name,
    content: row.content,
    aiResponse: row.ai_response,
    spam: row.spam,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
