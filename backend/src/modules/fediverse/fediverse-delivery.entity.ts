import { defineEntity, p, type Opt } from '@mikro-orm/core';
import { FediverseSentReply } from './fediverse-sent-reply.entity.js';

export type DeliveryActivity = 'create' | 'update' | 'delete';
export type DeliveryStatus = 'pending' | 'sent' | 'retrying' | 'failed';

/**
 * One activity to one inbox: about an article (its revision, to a server's shared inbox or a
 * follower's own), or about a reply the site sent (its Create or Delete, to the author replied to).
 * The unique keys make each inbox get each activity once, whichever worker sends it.
 */
export const FediverseDeliverySchema = defineEntity({
  name: 'FediverseDelivery',
  tableName: 'fediverse_delivery',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    articleId: p.integer().nullable(),
    activity: p.string().length(10).$type<DeliveryActivity>(),
    /** The activity's revision: the article_revision id that caused it. */
    revisionId: p.bigint('number').nullable(),
    /** Or the site's reply the activity is about. */
    sentReplyId: p
      .manyToOne(FediverseSentReply)
      .mapToPk()
      .nullable()
      .joinColumn('sent_reply_id')
      .foreignKeyName('fediverse_delivery_sent_reply_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    inboxUrl: p.string().length(1000),
    status: p.string().length(10).$type<Opt<DeliveryStatus>>().default('pending'),
    attempts: p.integer().default(0),
    lastError: p.string().length(500).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [
    { name: 'fediverse_delivery_once_unique', properties: ['revisionId', 'inboxUrl'] },
    { name: 'fediverse_delivery_reply_once_unique', properties: ['sentReplyId', 'activity', 'inboxUrl'] },
  ],
  indexes: [{ name: 'fediverse_delivery_status_index', properties: ['status', 'id'] }],
  checks: [
    { name: 'fediverse_delivery_activity_check', expression: `activity in ('create', 'update', 'delete')` },
    { name: 'fediverse_delivery_status_check', expression: `status in ('pending', 'sent', 'retrying', 'failed')` },
    {
      name: 'fediverse_delivery_subject_check',
      expression: `(sent_reply_id is null and article_id is not null and revision_id is not null) or (sent_reply_id is not null and article_id is null and revision_id is null and activity in ('create', 'delete'))`,
    },
  ],
});

export class FediverseDelivery extends FediverseDeliverySchema.class {}
FediverseDeliverySchema.setClass(FediverseDelivery);
