import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { SitemapSnapshot } from './sitemap-snapshot.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const PAGES_ENTITIES = [SitemapSnapshot] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    pages: typeof PAGES_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const pagesDb = moduleDatabase<typeof PAGES_ENTITIES>();

/** The tables pagesDb sees, for helpers that take part of a query. */
export type PagesDatabase = DatabaseOfModule<typeof pagesDb>;
