import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';
import { ADMIN_PAGE_SIZE, type AdminComment, type AdminCommentListQuery } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { newestFirstPage } from '../../common/newest-first-page.js';
import { commentsDb, type CommentsDatabase } from './tables.js';
import { ArticleReaderCounts } from '../articles/index.js';

export interface AdminCommentPage {
  items: AdminComment[];
  nextCursor: string | null;
  total: number;
}

/**
 * Comment moderation: every article's comments newest first, found by article, text or name; deleted
 * (the AI reply is a column of the comment, so it goes with it) or marked spam (kept, hidden from
 * readers). Either takes the comment off its article's counter through the article store; the
 * comment_changed (comment-notify.sql.ts) and http_cache_comment (comment-purge.sql.ts) triggers NOTIFY
 * and queue the article's purge.
 */
@Injectable()
export class CommentsAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleReaderCounts,
  ) {}

  async page(query: AdminCommentListQuery): Promise<AdminCommentPage> {
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const { articleId, search, spam } = query;
    const filtered = commentsDb(this.em.fork())
      .selectFrom('comment as c')
      .$if(articleId !== undefined, (q) => q.where('c.article_id', '=', articleId!))
      .$if(search !== undefined, (q) =>
        q.where((eb) => eb.or([eb('c.content', 'ilike', containing(search!)), eb('c.author_name', 'ilike', containing(search!))])),
      )
      .$if(spam !== undefined, (q) => q.where('c.spam', '=', spam === 'true'));
    const { rows, nextCursor, total } = await newestFirstPage(
      filtered,
      { time: 'c.created_at', id: 'c.id' },
      (q) =>
        q
          .leftJoin('article as a', 'a.id', 'c.article_id')
          .select([
            'c.id',
            'c.article_id',
            'a.title as article_title',
            'a.slug as article_slug',
            'c.author_name',
            'c.content',
            'c.ai_response',
            'c.spam',
            'c.created_at',
          ]),
      { cursor: query.cursor, limit },
    );
    return { items: rows.map(toAdminComment), nextCursor, total };
  }

  /** Deletes the comments (and their AI replies); the counters lose those readers still saw. */
  delete(ids: number[]): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const deleted = await commentsDb(em).deleteFrom('comment').where('id', 'in', ids).returning(['article_id', 'spam']).execute();
      await this.articles.uncountComments(
        em,
        deleted.filter((row) => !row.spam).map((row) => row.article_id),
      );
      return deleted.length;
    });
  }

  /** Marks (or unmarks) as spam; only comments whose mark changes move their article's counter. */
  markSpam(ids: number[], spam: boolean): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const changed = await commentsDb(em)
        .updateTable('comment')
        .set({ spam })
        .where('id', 'in', ids)
        .where('spam', '=', !spam)
        .returning('article_id')
        .execute();
      const articleIds = changed.map((row) => row.article_id);
      await (spam ? this.articles.uncountComments(em, articleIds) : this.articles.recountComments(em, articleIds));
      return changed.length;
    });
  }
}

type Row = Pick<Selectable<CommentsDatabase['comment']>, 'id' | 'article_id' | 'author_name' | 'content' | 'ai_response' | 'spam' | 'created_at'> & {
  article_title: Selectable<CommentsDatabase['article']>['title'] | null;
  article_slug: Selectable<CommentsDatabase['article']>['slug'] | null;
};

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
