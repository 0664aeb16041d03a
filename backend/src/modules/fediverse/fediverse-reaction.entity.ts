import { defineEntity, p } from '@mikro-orm/core';

/** A Like or an Announce (boost) of an article, kept by its activity id so a repeat counts once and an Undo uncounts it. */
export const FediverseReactionSchema = defineEntity({
  name: 'FediverseReaction',
  tableName: 'fediverse_reaction',
  properties: {
    activityId: p.string().length(1000).primary(),
    articleId: p.integer(),
    kind: p.string().length(10).$type<'like' | 'announce'>(),
    actorUrl: p.string().length(1000),
    receivedAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [{ name: 'fediverse_reaction_actor_unique', properties: ['articleId', 'kind', 'actorUrl'] }],
  checks: [{ name: 'fediverse_reaction_kind_check', expression: `kind in ('like', 'announce')` }],
});

export class FediverseReaction extends FediverseReactionSchema.class {}
FediverseReactionSchema.setClass(FediverseReaction);
