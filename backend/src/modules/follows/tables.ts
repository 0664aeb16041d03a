import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { FollowDelivery } from './follow-delivery.entity.js';
import { FollowFanout } from './follow-fanout.entity.js';
import { Follow } from './follow.entity.js';
import { PushSubscription } from './push-subscription.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const FOLLOWS_ENTITIES = [Follow, FollowDelivery, FollowFanout, PushSubscription] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    follows: typeof FOLLOWS_ENTITIES;
  }
}

/**
 * This module's queries: its own tables, and what it reads of others: the stories, their articles
 * and publication events (the stories module's), and the articles an update names.
 */
export const followsDb = moduleDatabase<typeof FOLLOWS_ENTITIES, 'story' | 'story_article' | 'publication_event' | 'article'>();

/** The tables followsDb sees, for helpers that take part of a query. */
export type FollowsDatabase = DatabaseOfModule<typeof followsDb>;
