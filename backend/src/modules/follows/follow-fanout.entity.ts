import { defineEntity, p } from '@mikro-orm/core';
import { PublicationEvent } from '../stories/index.js';

/**
 * A publication event whose deliveries were made: written in the transaction that makes them, so an
 * event is fanned out once whichever worker gets there first (the others find the row and stop).
 */
export const FollowFanoutSchema = defineEntity({
  name: 'FollowFanout',
  tableName: 'follow_fanout',
  properties: {
    eventId: p
      .manyToOne(PublicationEvent)
      .mapToPk()
      .primary()
      .joinColumn('event_id')
      .foreignKeyName('follow_fanout_event_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    recipients: p.integer().default(0),
    fannedOutAt: p.datetime().defaultRaw('now()'),
  },
});

export class FollowFanout extends FollowFanoutSchema.class {}
FollowFanoutSchema.setClass(FollowFanout);
