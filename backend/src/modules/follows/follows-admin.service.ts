import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AnalyticsFollows, AnalyticsRangeQuery, StoryFollowerCount } from '@ai-mind/contracts';
import { followsDb } from './tables.js';

/** What the admin reads of the follows: followers per story, and the Analytics tab's section. */
@Injectable()
export class FollowsAdminService {
  constructor(private readonly em: EntityManager) {}

  /** Confirmed followers of each story (all stories with any, or the ones named), by channel. */
  async storyFollowerCounts(storyIds?: readonly number[]): Promise<StoryFollowerCount[]> {
    let query = followsDb(this.em.fork())
      .selectFrom('follow')
      .select([
        'story_id',
        sql<number>`count(*) filter (where channel = 'email')::int`.as('email'),
        sql<number>`count(*) filter (where channel = 'push')::int`.as('push'),
      ])
      .where('status', '=', 'confirmed')
      .where('story_id', 'is not', null)
      .groupBy('story_id')
      .orderBy('story_id');
    if (storyIds) {
      if (storyIds.length === 0) return [];
      query = query.where('story_id', 'in', [...storyIds]);
    }
    const rows = await query.execute();
    return rows.map((row) => ({ storyId: Number(row.story_id), email: row.email, push: row.push }));
  }

  /** Over the range's whole UTC days: follows made by channel, active follows now, messages sent by channel, retries and drops. */
  async analytics(range: AnalyticsRangeQuery): Promise<AnalyticsFollows> {
    const query = followsDb(this.em.fork());
    const from = sql<Date>`(${range.from}::date)::timestamp at time zone 'UTC'`;
    const to = sql<Date>`((${range.to}::date + 1))::timestamp at time zone 'UTC'`;
    const [made, active, sends] = await Promise.all([
      query
        .selectFrom('follow')
        .select([
          sql<number>`count(*) filter (where channel = 'email')::int`.as('email'),
          sql<number>`count(*) filter (where channel = 'push')::int`.as('push'),
        ])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirstOrThrow(),
      query
        .selectFrom('follow')
        .select([
          sql<number>`count(*) filter (where channel = 'email')::int`.as('email'),
          sql<number>`count(*) filter (where channel = 'push')::int`.as('push'),
        ])
        .where('status', '=', 'confirmed')
        .executeTakeFirstOrThrow(),
      query
        .selectFrom('follow_delivery')
        .select([
          sql<number>`count(*) filter (where status = 'sent' and channel = 'email')::int`.as('email'),
          sql<number>`count(*) filter (where status = 'sent' and channel = 'push')::int`.as('push'),
          sql<number>`count(*) filter (where attempts > 1)::int`.as('retried'),
          sql<number>`count(*) filter (where status = 'dropped')::int`.as('dropped'),
        ])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      follows: { email: made.email, push: made.push },
      active: { email: active.email, push: active.push },
      sends: { email: sends.email, push: sends.push },
      retried: sends.retried,
      dropped: sends.dropped,
    };
  }
}
