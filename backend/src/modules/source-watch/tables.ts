import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { SourceChange } from './source-change.entity.js';
import { WatchedSource } from './watched-source.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const SOURCE_WATCH_ENTITIES = [WatchedSource, SourceChange] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    sourceWatch: typeof SOURCE_WATCH_ENTITIES;
  }
}

/**
 * This module's queries: its own tables, and the provenance it watches (read only): the sources frozen
 * at approval, their topics and the articles written from them, when those were published, and the claims
 * that cite each source.
 */
export const sourceWatchDb = moduleDatabase<
  typeof SOURCE_WATCH_ENTITIES,
  'topic_source' | 'approved_topic' | 'article' | 'article_revision' | 'article_claim'
>();

/** The tables sourceWatchDb sees, for helpers that take part of a query. */
export type SourceWatchDatabase = DatabaseOfModule<typeof sourceWatchDb>;
