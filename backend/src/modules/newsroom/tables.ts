import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { MastheadEntry } from './masthead-entry.entity.js';
import { NewsroomPageRevision } from './newsroom-page-revision.entity.js';
import { NewsroomPage } from './newsroom-page.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const NEWSROOM_ENTITIES = [NewsroomPage, NewsroomPageRevision, MastheadEntry] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    newsroom: typeof NEWSROOM_ENTITIES;
  }
}

/** This module's queries: its own tables, and the accounts it names on the masthead (admin_user, read only). */
export const newsroomDb = moduleDatabase<typeof NEWSROOM_ENTITIES, 'admin_user'>();

/** The tables newsroomDb sees, for helpers that take part of a query. */
export type NewsroomDatabase = DatabaseOfModule<typeof newsroomDb>;
