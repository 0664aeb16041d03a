import { defineEntity, p, type Opt } from '@mikro-orm/core';

export type DeliveryActivity = 'create' | 'update' | 'delete';
export type DeliveryStatus = 'pending' | 'sent' | 'retrying' | 'failed';

/**
 * One activity about one article to one inbox (a server's shared inbox, or a follower's own): the
 * unique key makes each inbox get each activity once, whichever worker sends it.
 */
export const FediverseDeliverySchema = defineEntity({
  name: 'FediverseDelivery',
  tableName: 'fediverse_delivery',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    articleId: p.integer(),
    activity: p.string().length(10).$type<DeliveryActivity>(),
    /** The activity's revision: the article_revision id that caused it. */
    revisionId: p.bigint('number'),
    inboxUrl: p.string().length(1000),
    status: p.string().length(10).$type<Opt<DeliveryStatus>>().default('pending'),
    attempts: p.integer().default(0),
    lastError: p.string().length(500).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [{ name: 'fediverse_delivery_once_unique', properties: ['revisionId', 'inboxUrl'] }],
  indexes: [{ name: 'fediverse_delivery_status_index', properties: ['status', 'id'] }],
  checks: [
    { name: 'fediverse_delivery_activity_check', expression: `activity in ('create', 'update', 'delete')` },
    { name: 'fediverse_delivery_status_check', expression: `status in ('pending', 'sent', 'retrying', 'failed')` },
  ],
});

export class FediverseDelivery extends FediverseDeliverySchema.class {}
FediverseDeliverySchema.setClass(FediverseDelivery);
