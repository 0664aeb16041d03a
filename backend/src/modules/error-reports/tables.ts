import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { ErrorReport } from './error-report.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const ERROR_REPORTS_ENTITIES = [ErrorReport] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    'error-reports': typeof ERROR_REPORTS_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const errorReportsDb = moduleDatabase<typeof ERROR_REPORTS_ENTITIES, 'article' | 'article_claim' | 'approved_topic' | 'topic_source'>();

/** The tables errorReportsDb sees, for helpers that take part of a query. */
export type ErrorReportsDatabase = DatabaseOfModule<typeof errorReportsDb>;
