import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { HttpCachePurge } from './http-cache-purge.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const HTTP_CACHE_ENTITIES = [HttpCachePurge] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    'http-cache': typeof HTTP_CACHE_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const httpCacheDb = moduleDatabase<typeof HTTP_CACHE_ENTITIES>();

/** The tables httpCacheDb sees, for helpers that take part of a query. */
export type HttpCacheDatabase = DatabaseOfModule<typeof httpCacheDb>;
