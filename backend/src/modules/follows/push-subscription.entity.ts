import { defineEntity, p } from '@mikro-orm/core';

/**
 * A browser's Web Push subscription, kept only when its reader asked with the page's button (the
 * consent recorded). One row per endpoint; a push service that answers 404 or 410 for it ends it, and
 * its follows go with it.
 */
export const PushSubscriptionSchema = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscription',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    /** https only, bounded (PushSubscriptionSchema in the contracts). */
    endpoint: p.string().length(1000).unique(),
    /** The browser's P-256 public key and auth secret, base64url, as its toJSON() gives them. */
    p256dh: p.string().length(100),
    auth: p.string().length(40),
    consentText: p.text(),
    consentSource: p.string().length(300),
    consentAt: p.datetime(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  checks: [{ name: 'push_subscription_endpoint_check', expression: `(endpoint)::text ~~ 'https://%'::text` }],
});

export class PushSubscription extends PushSubscriptionSchema.class {}
PushSubscriptionSchema.setClass(PushSubscription);
