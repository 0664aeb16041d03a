import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AddCorrectionRequest, UpdateArticleRequest } from '@ai-mind/contracts';
import {
  adminActor,
  ArticleCommands,
  ArticleReads,
  ArticlesCacheService,
  type ArticleDependents,
  type ArticleRow,
  type ProblemDraft,
  type Reviewer,
} from '../articles/index.js';
import { CommentsService } from '../comments/index.js';
import { ErrorReportsService } from '../error-reports/index.js';
import { ApprovedTopicLinks } from '../provenance/index.js';

/**
 * What editors do to articles (Article Management's list is AdminArticleListService's): publish, edit, delete for good, clear problematic drafts.
 * Each change is made by the store as the signed-in admin, over the version the editor loaded when
 * the request names one.
 */
@Injectable()
export class ArticlesAdminService {
  constructor(
    private readonly store: ArticleCommands,
    private readonly reads: ArticleReads,
    private readonly cache: ArticlesCacheService,
    private readonly comments: CommentsService,
    private readonly errorReports: ErrorReportsService,
    private readonly topicLinks: ApprovedTopicLinks,
  ) {}

  /** What goes with an article deleted for good, each by the module that owns it. */
  private readonly dependents: ArticleDependents = async (em, articleIds) => {
    await this.comments.deleteOfArticles(em, articleIds);
    await this.errorReports.deleteOfArticles(em, articleIds);
    await this.topicLinks.unlinkArticles(em, articleIds);
  };

  /** Clears the public caches and counts the articles, for the admin's Refresh Data. */
  async refreshCaches(): Promise<{ totalArticles: number; publishedArticles: number }> {
    await this.cache.invalidate();
    return this.reads.counts();
  }

  publish(id: number, username: string, version?: number, beforePublish?: (em: EntityManager) => Promise<void>): Promise<ArticleRow> {
    return this.store.publish(id, adminActor(username), version, beforePublish);
  }

  update(id: number, changes: UpdateArticleRequest, reviewer: Reviewer): Promise<ArticleRow> {
    return this.store.saveEdit(id, changes, reviewer, changes.version);
  }

  /** Deletes the article and what goes with it, and leaves a tombstone, in one transaction. */
  delete(id: number, username: string, version?: number): Promise<void> {
    return this.store.delete(id, adminActor(username), version, this.dependents);
  }

  /** A dated correction or update note on a published article, as a revision of its history. */
  addCorrection(id: number, note: AddCorrectionRequest, username: string): Promise<ArticleRow> {
    return this.store.addCorrection(
      id,
      { kind: note.kind, text: note.text, ...(note.covers ? { covers: note.covers } : {}) },
      adminActor(username),
      note.version,
    );
  }

  clearProblematicDrafts(username: string): Promise<ProblemDraft[]> {
    return this.store.deleteProblematicDrafts(adminActor(username), this.dependents);
  }
}
