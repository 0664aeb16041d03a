import { defineEntity, p, type Opt } from '@mikro-orm/core';
import { PublicationEvent } from '../stories/index.js';
import { Follow } from './follow.entity.js';

export type FollowDeliveryStatus = 'held' | 'pending' | 'sending' | 'sent' | 'bundled' | 'skipped' | 'dropped';

/**
 * One message to one recipient: a publication event to a follower (`recipient` is `email:<address>`
 * or `push:<subscription id>`, so a reader following both a story and its category gets the event
 * once), or a daily bundle (`bundle_day`) gathering one follow's `held` rows. The unique
 * constraints make each event one row per recipient, and each follow's bundle one row a day; a sender claims a row
 * with `for update skip locked`, so no two senders hold the same one (docs/follows.md).
 */
export const FollowDeliverySchema = defineEntity({
  name: 'FollowDelivery',
  tableName: 'follow_delivery',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    eventId: p
      .manyToOne(PublicationEvent)
      .mapToPk()
      .nullable()
      .joinColumn('event_id')
      .foreignKeyName('follow_delivery_event_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    followId: p
      .manyToOne(Follow)
      .mapToPk()
      .nullable()
      .joinColumn('follow_id')
      .foreignKeyName('follow_delivery_follow_id_fkey')
      .updateRule('no action')
      .deleteRule('set null'),
    recipient: p.string().length(340),
    channel: p.string().length(10).$type<'email' | 'push'>(),
    status: p.string().length(10).$type<Opt<FollowDeliveryStatus>>().default('pending'),
    /** A held row's bundle, once it is gathered into one. */
    bundleId: p.bigint('number').nullable(),
    /** A bundle's day (UTC): one bundle per follow and day. */
    bundleDay: p.date().nullable(),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    claimedAt: p.datetime().nullable(),
    claimedBy: p.string().length(100).nullable(),
    sentAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    droppedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [
    { name: 'follow_delivery_event_recipient_unique', properties: ['eventId', 'recipient'] },
    { name: 'follow_delivery_bundle_unique', properties: ['followId', 'bundleDay'] },
  ],
  indexes: [
    {
      name: 'follow_delivery_open_index',
      expression: `create index "follow_delivery_open_index" on "follow_delivery" ("next_attempt_at", "id") where "status" in ('pending', 'sending')`,
    },
    {
      name: 'follow_delivery_held_index',
      expression: `create index "follow_delivery_held_index" on "follow_delivery" ("recipient", "id") where "status" = 'held'`,
    },
    { name: 'follow_delivery_bundle_index', properties: ['bundleId'] },
    { name: 'follow_delivery_follow_index', properties: ['followId'] },
    { name: 'follow_delivery_created_at_index', properties: ['createdAt'] },
  ],
  checks: [
    { name: 'follow_delivery_status_check', expression: `status in ('held', 'pending', 'sending', 'sent', 'bundled', 'skipped', 'dropped')` },
    { name: 'follow_delivery_channel_check', expression: `channel in ('email', 'push')` },
    { name: 'follow_delivery_kind_check', expression: `(event_id is null) <> (bundle_day is null)` },
    { name: 'follow_delivery_claim_check', expression: `status <> 'sending' or claimed_at is not null` },
    { name: 'follow_delivery_dropped_check', expression: `status <> 'dropped' or dropped_at is not null` },
  ],
});

export class FollowDelivery extends FollowDeliverySchema.class {}
FollowDeliverySchema.setClass(FollowDelivery);
