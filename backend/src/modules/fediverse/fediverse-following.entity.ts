import { defineEntity, p, type Opt } from '@mikro-orm/core';

export type FollowingStatus = 'pending' | 'accepted';

/**
 * A remote account the site follows (the owner followed it by handle): `pending` until its server
 * answers the site's Follow with an Accept (a Reject drops the row). Its posts are kept in fediverse_post.
 */
export const FediverseFollowingSchema = defineEntity({
  name: 'FediverseFollowing',
  tableName: 'fediverse_following',
  properties: {
    id: p.integer().primary().autoincrement(),
    actorUrl: p.string().length(1000).unique('fediverse_following_actor_url_unique'),
    handle: p.string().length(300),
    /** The account's own inbox: the site's replies and its Undo go there. */
    inboxUrl: p.string().length(1000),
    /** The id of the site's Follow activity, which the Accept or Reject names. */
    followId: p.string().length(1000).unique('fediverse_following_follow_id_unique'),
    status: p.string().length(10).$type<Opt<FollowingStatus>>().default('pending'),
    createdBy: p.string().length(100),
    createdAt: p.datetime().defaultRaw('now()'),
    acceptedAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'fediverse_following_status_check', expression: `status in ('pending', 'accepted')` },
    { name: 'fediverse_following_accepted_check', expression: `(status = 'accepted') = (accepted_at is not null)` },
  ],
});

export class FediverseFollowing extends FediverseFollowingSchema.class {}
FediverseFollowingSchema.setClass(FediverseFollowing);
