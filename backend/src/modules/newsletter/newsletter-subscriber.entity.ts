import { defineEntity, p, type Opt } from '@mikro-orm/core';
import type { NewsletterStatus } from '@ai-mind/contracts';

export const NewsletterSubscriberSchema = defineEntity({
  name: 'NewsletterSubscriber',
  tableName: 'newsletter_subscriber',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Stored lowercased, so one address subscribes once. */
    email: p.string().length(320).unique(),
    /** Only a confirmed address receives digests (double opt-in); a permanent SMTP refusal makes it bounced. */
    status: p.string().$type<Opt<NewsletterStatus>>().length(20).default('pending'),
    /** The consent as given: the text shown, the page it was given on (or `admin:<name>`), and when. */
    consentText: p.text().nullable(),
    consentSource: p.string().length(300).nullable(),
    consentAt: p.datetime().nullable(),
    /** When the last confirmation email was sent: a second sign-up soon after sends none. */
    confirmationSentAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  indexes: [
    { name: 'newsletter_subscriber_created_at_index', properties: ['createdAt'] },
    {
      name: 'newsletter_subscriber_created_at_id_index',
      expression: 'create index "newsletter_subscriber_created_at_id_index" on "newsletter_subscriber" ("created_at" desc, "id" desc)',
    },
    { name: 'newsletter_subscriber_status_id_index', properties: ['status', 'id'] },
  ],
  checks: [
    { name: 'newsletter_subscriber_status_check', expression: `status in ('pending', 'confirmed', 'unsubscribed', 'bounced')` },
    { name: 'newsletter_subscriber_confirmed_check', expression: `status <> 'confirmed' or (confirmed_at is not null and consent_text is not null)` },
  ],
});

export class NewsletterSubscriber extends NewsletterSubscriberSchema.class {}
NewsletterSubscriberSchema.setClass(NewsletterSubscriber);
