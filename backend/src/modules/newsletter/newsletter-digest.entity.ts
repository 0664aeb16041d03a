import { defineEntity, p, type Opt } from '@mikro-orm/core';

/** One digest as written and sent: its period, its rendered email, and how its sending ended. */
export const NewsletterDigestSchema = defineEntity({
  name: 'NewsletterDigest',
  tableName: 'newsletter_digest',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The schedule's time it was made for (null for a manual send): one digest per slot. */
    slot: p.datetime().nullable().unique('newsletter_digest_slot_unique'),
    trigger: p.string().length(10).$type<'schedule' | 'manual'>(),
    requestedBy: p.string().length(100).nullable(),
    periodFrom: p.datetime(),
    periodUntil: p.datetime(),
    subject: p.string().length(300),
    html: p.text(),
    text: p.text(),
    articleCount: p.integer(),
    recipientCount: p.integer().default(0),
    status: p.string().length(10).$type<Opt<'sending' | 'sent' | 'empty'>>().default('sending'),
    createdAt: p.datetime().defaultRaw('now()'),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'newsletter_digest_created_at_id_index',
      expression: 'create index "newsletter_digest_created_at_id_index" on "newsletter_digest" ("created_at" desc, "id" desc)',
    },
  ],
  checks: [
    { name: 'newsletter_digest_trigger_check', expression: `trigger in ('schedule', 'manual')` },
    { name: 'newsletter_digest_status_check', expression: `status in ('sending', 'sent', 'empty')` },
    { name: 'newsletter_digest_period_check', expression: 'period_from <= period_until' },
  ],
});

export class NewsletterDigest extends NewsletterDigestSchema.class {}
NewsletterDigestSchema.setClass(NewsletterDigest);
