import { defineEntity, p } from '@mikro-orm/core';

export const NewsletterSubscriberSchema = defineEntity({
  name: 'NewsletterSubscriber',
  tableName: 'newsletter_subscriber',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Stored lowercased, so one address subscribes once. */
    email: p.string().length(320).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class NewsletterSubscriber extends NewsletterSubscriberSchema.class {}
NewsletterSubscriberSchema.setClass(NewsletterSubscriber);
