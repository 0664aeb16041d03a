import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { ArticleGrade, ArticleGradeChange } from './article-grade.entity.js';
import { ArticleRevision } from './article-revision.entity.js';
import { Article } from './article.entity.js';
import { DeletedArticle } from './deleted-article.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const ARTICLES_ENTITIES = [ArticleRevision, Article, DeletedArticle, ArticleGrade, ArticleGradeChange] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    articles: typeof ARTICLES_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const articlesDb = moduleDatabase<typeof ARTICLES_ENTITIES, 'admin_user' | 'comment' | 'interaction'>();

/** The tables articlesDb sees, for helpers that take part of a query. */
export type ArticlesDatabase = DatabaseOfModule<typeof articlesDb>;
