import { defineEntity, p } from '@mikro-orm/core';

/** A remote actor that follows the site, with the inboxes its deliveries go to (its server's shared inbox when it has one). */
export const FediverseFollowerSchema = defineEntity({
  name: 'FediverseFollower',
  tableName: 'fediverse_follower',
  properties: {
    id: p.integer().primary().autoincrement(),
    actorUrl: p.string().length(1000).unique('fediverse_follower_actor_url_unique'),
    handle: p.string().length(300),
    inboxUrl: p.string().length(1000),
    sharedInboxUrl: p.string().length(1000).nullable(),
    followId: p.string().length(1000),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'fediverse_follower_created_at_index', properties: ['createdAt'] }],
});

export class FediverseFollower extends FediverseFollowerSchema.class {}
FediverseFollowerSchema.setClass(FediverseFollower);
