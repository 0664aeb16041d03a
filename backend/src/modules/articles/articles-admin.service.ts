import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { UpdateBlogRequest } from '@ai-mind/contracts';
import { sanitizeArticleHtml } from '../../common/html-sanitizer.js';
import { Article } from './article.entity.js';
import { ArticlesCacheService } from './articles-cache.service.js';
import { DeletedArticle } from './deleted-article.entity.js';
import { draftProblem, publishedTitleSet } from './problematic-drafts.js';

/** Upper bound of the admin list (newest first); older articles stay reachable by id. */
export const ADMIN_ARTICLE_LIMIT = 1000;

/** What editors do to articles: list all, publish, edit, delete for good. Every change clears the public caches. */
@Injectable()
export class ArticlesAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
  ) {}

  listAll(): Promise<Article[]> {
    return this.em.fork().find(Article, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: ADMIN_ARTICLE_LIMIT });
  }

  /** Clears the public caches and counts the articles, for the admin's Refresh Data. */
  async refreshCaches(): Promise<{ totalArticles: number; publishedArticles: number }> {
    await this.cache.invalidate();
    const em = this.em.fork();
    const [totalArticles, publishedArticles] = await Promise.all([em.count(Article), em.count(Article, { approved: true })]);
    return { totalArticles, publishedArticles };
  }

  async publish(id: number): Promise<Article> {
    const em = this.em.fork();
    const article = await this.findOrFail(em, id);
    article.approved = true;
    await em.flush();
    await this.cache.invalidate();
    return article;
  }

  async update(id: number, changes: UpdateBlogRequest): Promise<Article> {
    const em = this.em.fork();
    const article = await this.findOrFail(em, id);
    article.title = changes.title;
    article.content = sanitizeArticleHtml(changes.content);
    if (changes.metaDescription !== undefined) article.metaDescription = changes.metaDescription || null;
    await em.flush();
    await this.cache.invalidate();
    return article;
  }

  /** Deletes the article and leaves a tombstone, in one transaction. */
  async delete(id: number, deletedBy: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const article = await this.findOrFail(em, id);
      em.create(DeletedArticle, { articleId: article.id, slug: article.slug, title: article.title, deletedBy });
      em.remove(article);
    });
    await this.cache.invalidate();
  }

  /** Deletes (with tombstones) every draft that draftProblem flags, and says which and why. */
  async clearProblematicDrafts(deletedBy: string): Promise<{ id: number; title: string; reason: string }[]> {
    const em = this.em.fork();
    const [drafts, published] = await Promise.all([
      em.find(Article, { approved: false }, { fields: ['id', 'title', 'content'] }),
      em.find(Article, { approved: true }, { fields: ['title'] }),
    ]);
    const titles = publishedTitleSet(published.map((article) => article.title));
    const flagged = drafts.flatMap((draft) => {
      const reason = draftProblem(draft, titles);
      return reason ? [{ id: draft.id, title: draft.title, reason }] : [];
    });
    for (const draft of flagged) await this.delete(draft.id, deletedBy);
    return flagged;
  }

  private async findOrFail(em: EntityManager, id: number): Promise<Article> {
    const article = await em.findOne(Article, id);
    if (!article) throw new NotFoundException({ error: 'Not Found', message: `Blog ${id} not found` });
    return article;
  }
}
