import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { Outlet } from './outlet.entity.js';
import { SourcingSettings } from './sourcing-settings.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const OUTLETS_ENTITIES = [Outlet, SourcingSettings] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    outlets: typeof OUTLETS_ENTITIES;
  }
}

/**
 * This module's queries: its own tables, and what a mix is computed from (read only): the trending
 * topics' feed items, an approved topic with its frozen sources, and the reports on a story.
 */
export const outletsDb = moduleDatabase<typeof OUTLETS_ENTITIES, 'trending_topic' | 'approved_topic' | 'topic_source' | 'story' | 'story_report'>();

/** The tables outletsDb sees, for helpers that take part of a query. */
export type OutletsDatabase = DatabaseOfModule<typeof outletsDb>;
