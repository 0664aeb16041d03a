import { defineEntity, p, type Opt } from '@mikro-orm/core';
import { Story } from '../stories/index.js';
import { PushSubscription } from './push-subscription.entity.js';

export type FollowChannel = 'email' | 'push';
export type FollowMode = 'each' | 'daily';
export type FollowStatus = 'pending' | 'confirmed' | 'unsubscribed';

/**
 * A reader following one story or one category, by email (double opt-in: `pending` until the link
 * is confirmed) or on a device's push subscription (confirmed when made: the button's request is
 * the consent). The consent is kept as given. One row per recipient and target.
 */
export const FollowSchema = defineEntity({
  name: 'Follow',
  tableName: 'follow',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    channel: p.string().length(10).$type<FollowChannel>(),
    /** Lowercased; the email channel only. */
    email: p.string().length(320).nullable(),
    pushSubscriptionId: p
      .manyToOne(PushSubscription)
      .mapToPk()
      .nullable()
      .joinColumn('push_subscription_id')
      .foreignKeyName('follow_push_subscription_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    storyId: p
      .manyToOne(Story)
      .mapToPk()
      .nullable()
      .joinColumn('story_id')
      .foreignKeyName('follow_story_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    category: p.string().length(50).nullable(),
    /** One message per update, or (email) one bundle a day with the day's updates. */
    mode: p.string().length(10).$type<Opt<FollowMode>>().default('each'),
    status: p.string().length(20).$type<Opt<FollowStatus>>().default('pending'),
    consentText: p.text(),
    consentSource: p.string().length(300),
    consentAt: p.datetime(),
    confirmationSentAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [
    {
      name: 'follow_recipient_target_unique',
      expression: `create unique index "follow_recipient_target_unique" on "follow" (coalesce(email, ''), coalesce(push_subscription_id, 0), coalesce(story_id, 0), coalesce(category, ''))`,
    },
  ],
  indexes: [
    { name: 'follow_story_index', expression: `create index "follow_story_index" on "follow" ("story_id") where "status" = 'confirmed'` },
    { name: 'follow_category_index', expression: `create index "follow_category_index" on "follow" ("category") where "status" = 'confirmed'` },
    { name: 'follow_email_index', properties: ['email'] },
    { name: 'follow_push_subscription_index', properties: ['pushSubscriptionId'] },
    { name: 'follow_created_at_index', properties: ['createdAt'] },
  ],
  checks: [
    { name: 'follow_channel_check', expression: `channel in ('email', 'push')` },
    {
      name: 'follow_recipient_check',
      expression: `(channel = 'email' and email is not null and push_subscription_id is null) or (channel = 'push' and push_subscription_id is not null and email is null and mode = 'each')`,
    },
    { name: 'follow_target_check', expression: `(story_id is null) <> (category is null)` },
    { name: 'follow_mode_check', expression: `mode in ('each', 'daily')` },
    { name: 'follow_status_check', expression: `status in ('pending', 'confirmed', 'unsubscribed')` },
    { name: 'follow_confirmed_check', expression: `status <> 'confirmed' or confirmed_at is not null` },
  ],
});

export class Follow extends FollowSchema.class {}
FollowSchema.setClass(Follow);
