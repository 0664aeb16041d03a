import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { Comment } from './comment.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const COMMENTS_ENTITIES = [Comment] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    comments: typeof COMMENTS_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const commentsDb = moduleDatabase<typeof COMMENTS_ENTITIES, 'article'>();

/** The tables commentsDb sees, for helpers that take part of a query. */
export type CommentsDatabase = DatabaseOfModule<typeof commentsDb>;
