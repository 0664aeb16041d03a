import { defineEntity, p } from '@mikro-orm/core';

/** One attempt to hand an approved topic to the automation service, successful or not. */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    id: p.integer().primary().autoincrement(),
    approvedTopicId: p.integer().index(),
    attempt: p.integer(),
    statusCode: p.integer().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);
