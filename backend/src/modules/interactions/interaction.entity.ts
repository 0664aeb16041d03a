import { defineEntity, p } from '@mikro-orm/core';

/** One reader's like or share, kept for abuse review and analytics; the article's counters are the totals. */
export const InteractionSchema = defineEntity({
  name: 'Interaction',
  tableName: 'interaction',
  properties: {
    id: p.bigint().primary().autoincrement(),
    articleId: p.integer().index(),
    type: p.string().length(10),
    content: p.string().length(500).nullable(),
    /** A hash of the client address: enough to spot a flood, not enough to identify anyone. */
    clientHash: p.string().length(64),
    /** The reader's first-party visitor id: one like and one share per reader and article (unique). */
    visitorId: p.string().length(36).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [
    {
      name: 'interaction_visitor_once',
      expression: 'create unique index "interaction_visitor_once" on "interaction" ("article_id", "type", "visitor_id") where "visitor_id" is not null',
    },
  ],
});

export class Interaction extends InteractionSchema.class {}
InteractionSchema.setClass(Interaction);
