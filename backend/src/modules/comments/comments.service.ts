import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { stripTags, type Comment as CommentDto, type CreateCommentRequest } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { AiCommentaryResult } from '../../queue/job-types.js';
import { AiService } from '../ai/index.js';
import { ArticleReaderCounts, ArticleReads } from '../articles/index.js';
import { Comment } from './comment.entity.js';
import { commentsDb } from './tables.js';
import { spamReason } from './spam-screen.js';

/** Comments shown per article, newest first. */
export const COMMENT_LIST_LIMIT = 200;
/** The same text from the same client within this window is a repeat, not a new comment. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** One reply job per comment, whoever queues it (the request, or the worker's sweeper). */
export function aiReplyJobOptions(commentId: number): { jobId: string } {
  return { jobId: `ai-comment-reply-${commentId}` };
}

export function toCommentDto(comment: Comment): CommentDto {
  return {
    id: comment.id,
    authorName: comment.authorName,
    authorUrl: comment.authorUrl ?? null,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    aiResponse: comment.aiResponse ?? null,
  };
}

/**
 * Readers' comments and their AI replies. PostgreSQL completes each change readers can see: the
 * comment_changed trigger (comment-notify.sql.ts) NOTIFYs article_changed, and http_cache_comment
 * (comment-purge.sql.ts) queues the purge of the article's key in http-cache's purge outbox.
 */
@Injectable()
export class CommentsService {
  private readonly logger = new Logger(CommentsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobProducer,
    private readonly ai: AiService,
    private readonly articles: ArticleReads,
    private readonly counts: ArticleReaderCounts,
  ) {}

  /** Deletes the comments of articles deleted for good, in the deleting transaction `em` (ArticleDependents). */
  async deleteOfArticles(em: EntityManager, articleIds: number[]): Promise<void> {
    await commentsDb(em).deleteFrom('comment').where('article_id', 'in', articleIds).execute();
  }

  async list(articleId: number): Promise<Comment[]> {
    const em = this.em.fork();
    await this.publishedArticle(em, articleId);
    // Comments an editor marked as spam stay stored but are never shown.
    return em.find(Comment, { articleId, spam: false }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: COMMENT_LIST_LIMIT });
  }

  /**
   * Stores the comment and counts it on the article in one transaction, then queues the AI reply.
   * The comment is kept whatever happens to the reply: a failed queue or model only delays it (when
   * the job cannot be queued, the workers' AiReplySweeperService queues it later). `authorUrl`: the
   * profile of a fediverse author (http or https only; the fediverse module checks it, the table's CHECK too).
   */
  async create(articleId: number, request: CreateCommentRequest, client: string, authorUrl: string | null = null): Promise<Comment> {
    const reason = spamReason(request.content);
    if (reason) throw new ValidationFailedException([{ path: 'content', message: reason }]);
    const hash = clientHash(client);
    const comment = await this.em.fork().transactional(async (em) => {
      await this.publishedArticle(em, articleId);
      const repeat = await em.count(Comment, {
        articleId,
        clientHash: hash,
        content: request.content,
        createdAt: { $gt: new Date(Date.now() - REPEAT_WINDOW_MS) },
      });
      if (repeat > 0)
        throw new ValidationFailedException([
          { path: 'content', message: 'You posted this same comment here a few minutes ago: it is already on the page, so it was not posted twice.' },
        ]);
      const created = em.create(Comment, {
        articleId,
        authorName: request.authorName,
        authorUrl,
        content: request.content,
        aiResponse: null,
        clientHash: hash,
      });
      await em.flush();
      await this.counts.countComment(em, articleId);
      return created;
    });
    try {
      await this.jobs.enqueue('ai-comment-reply', { commentId: comment.id }, aiReplyJobOptions(comment.id));
    } catch (error) {
      this.logger.error({ err: error, commentId: comment.id }, 'Could not queue the AI reply; the comment is stored and the sweeper queues it later');
    }
    return comment;
  }

  /** Worker side: writes the AI reply unless there is one; AI failures throw, so the job retries. */
  async writeReply(commentId: number): Promise<AiCommentaryResult> {
    const em = this.em.fork();
    const comment = await em.findOne(Comment, commentId);
    if (!comment || comment.aiResponse) return { written: false };
    const article = await this.articles.findById(comment.articleId);
    // The article went while the reply was queued: nothing to answer about.
    if (!article) return { written: false };
    const reply = await this.ai.generate({
      kind: 'comment-reply',
      article: { title: article.title, slug: article.slug, category: article.category, text: stripTags(article.content) },
      authorName: comment.authorName,
      comment: comment.content,
    });
    const updated = await em.nativeUpdate(Comment, { id: commentId, aiResponse: null }, { aiResponse: reply });
    return { written: updated > 0 };
  }

  private async publishedArticle(em: EntityManager, id: number): Promise<void> {
    if (!(await this.articles.isPublished(id, em))) throw new NotFoundException({ error: 'Not Found', message: `Article ${id} not found` });
  }
}
