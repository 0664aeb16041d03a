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
 * This module's queries: its own tables, and what it reads of others: the stories and their
 * publication events (the stories module's), the articles an update names, the newsletter's
 * suppression list (no mail to an erased mailbox).
 */
export const followsDb = moduleDatabase<typeof FOLLOWS_ENTITIES, 'story' | 'publication_event' | 'article' | 'newsletter_suppression'>();

/** The tables followsDb sees, for helpers that take part of a query. */
export type FollowsDatabase = DatabaseOfModule<typeof followsDb>;
