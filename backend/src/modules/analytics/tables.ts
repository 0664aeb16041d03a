import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { AnalyticsSettings } from './analytics-settings.entity.js';
import { PageViewDaily, PageViewDailyArticle, PageViewDailyCategory, PageViewDailyCountry, PageViewDailySource } from './page-view-daily.entity.js';
import { PageView } from './page-view.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const ANALYTICS_ENTITIES = [
  AnalyticsSettings,
  PageViewDaily,
  PageViewDailySource,
  PageViewDailyCountry,
  PageViewDailyArticle,
  PageViewDailyCategory,
  PageView,
] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    analytics: typeof ANALYTICS_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const analyticsDb = moduleDatabase<typeof ANALYTICS_ENTITIES, 'article' | 'newsletter_subscriber'>();

/** The tables analyticsDb sees, for helpers that take part of a query. */
export type AnalyticsDatabase = DatabaseOfModule<typeof analyticsDb>;
