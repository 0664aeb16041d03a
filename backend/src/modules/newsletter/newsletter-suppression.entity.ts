import { defineEntity, p } from '@mikro-orm/core';

/** An erased address, kept only as its hash, so it is never signed up again without asking. */
export const NewsletterSuppressionSchema = defineEntity({
  name: 'NewsletterSuppression',
  tableName: 'newsletter_suppression',
  properties: {
    emailHash: p.character().length(64).primary(),
    reason: p.string().length(30),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export class NewsletterSuppression extends NewsletterSuppressionSchema.class {}
NewsletterSuppressionSchema.setClass(NewsletterSuppression);
