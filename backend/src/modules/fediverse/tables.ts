import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { FediverseBlock } from './fediverse-block.entity.js';
import { FediverseDelivery } from './fediverse-delivery.entity.js';
import { FediverseFollower } from './fediverse-follower.entity.js';
import { FediverseFollowing } from './fediverse-following.entity.js';
import { FediverseKey } from './fediverse-key.entity.js';
import { FediverseKv } from './fediverse-kv.entity.js';
import { FediversePost } from './fediverse-post.entity.js';
import { FediverseReaction } from './fediverse-reaction.entity.js';
import { FediverseReceived } from './fediverse-received.entity.js';
import { FediverseReply } from './fediverse-reply.entity.js';
import { FediverseSentReply } from './fediverse-sent-reply.entity.js';
import { FediverseSettings } from './fediverse-settings.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const FEDIVERSE_ENTITIES = [
  FediverseBlock,
  FediverseDelivery,
  FediverseFollower,
  FediverseFollowing,
  FediverseKey,
  FediverseKv,
  FediversePost,
  FediverseReaction,
  FediverseReceived,
  FediverseReply,
  FediverseSentReply,
  FediverseSettings,
] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    fediverse: typeof FEDIVERSE_ENTITIES;
  }
}

/**
 * This module's queries: its own tables, the article history it turns into deliveries (article_revision)
 * and the AI's replies to the comments it made (comment), both read only.
 */
export const fediverseDb = moduleDatabase<typeof FEDIVERSE_ENTITIES, 'article_revision' | 'comment'>();

export type FediverseDatabase = DatabaseOfModule<typeof fediverseDb>;
