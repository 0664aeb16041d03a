import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { TrendingRefresh } from './trending-refresh.entity.js';
import { TrendingSource } from './trending-source.entity.js';
import { TrendingTopic } from './trending-topic.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const TRENDING_ENTITIES = [TrendingRefresh, TrendingSource, TrendingTopic] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    trending: typeof TRENDING_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const trendingDb = moduleDatabase<typeof TRENDING_ENTITIES>();

/** The tables trendingDb sees, for helpers that take part of a query. */
export type TrendingDatabase = DatabaseOfModule<typeof trendingDb>;
