import { defineEntity, p, type Opt } from '@mikro-orm/core';
import { NewsletterDigest } from './newsletter-digest.entity.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';

/** One recipient of one digest: claimed by one worker at a time, so each subscriber gets a digest once. */
export const NewsletterDeliverySchema = defineEntity({
  name: 'NewsletterDelivery',
  tableName: 'newsletter_delivery',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    digestId: p
      .manyToOne(NewsletterDigest)
      .mapToPk()
      .joinColumn('digest_id')
      .foreignKeyName('newsletter_delivery_digest_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    subscriberId: p
      .manyToOne(NewsletterSubscriber)
      .mapToPk()
      .nullable()
      .joinColumn('subscriber_id')
      .foreignKeyName('newsletter_delivery_subscriber_id_fkey')
      .updateRule('no action')
      .deleteRule('set null'),
    status: p.string().length(10).$type<Opt<'pending' | 'sending' | 'sent' | 'failed' | 'skipped'>>().default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    claimedAt: p.datetime().nullable(),
    claimedBy: p.string().length(100).nullable(),
    sentAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
  },
  uniques: [{ name: 'newsletter_delivery_recipient_unique', properties: ['digestId', 'subscriberId'] }],
  indexes: [
    {
      name: 'newsletter_delivery_open_index',
      expression: `create index "newsletter_delivery_open_index" on "newsletter_delivery" ("digest_id", "id") where "status" in ('pending', 'sending')`,
    },
    { name: 'newsletter_delivery_subscriber_index', properties: ['subscriberId'] },
  ],
  checks: [
    { name: 'newsletter_delivery_status_check', expression: `status in ('pending', 'sending', 'sent', 'failed', 'skipped')` },
    { name: 'newsletter_delivery_claim_check', expression: `status <> 'sending' or claimed_at is not null` },
  ],
});

export class NewsletterDelivery extends NewsletterDeliverySchema.class {}
NewsletterDeliverySchema.setClass(NewsletterDelivery);
