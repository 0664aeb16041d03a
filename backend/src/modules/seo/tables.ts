import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { SitemapSnapshot } from './sitemap-snapshot.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const SEO_ENTITIES = [SitemapSnapshot] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    seo: typeof SEO_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const seoDb = moduleDatabase<typeof SEO_ENTITIES>();

/** The tables seoDb sees, for helpers that take part of a query. */
export type SeoDatabase = DatabaseOfModule<typeof seoDb>;
