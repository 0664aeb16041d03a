import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { hostname } from 'node:os';
import { articleCanonicalPath, categorySlug, SITE_NAME } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { failureIsPermanent, failureText, listUnsubscribeHeaders, Mailer, ReaderMailPolicy } from '../newsletter/index.js';
import { bundleEmail, updateEmail, type UpdateItem } from './follow-emails.js';
import { FollowTargets } from './follow-targets.js';
import { FollowsService } from './follows.service.js';
import { PushSender, type PushOutcome } from './push-sender.js';
import { followsDb } from './tables.js';

/** The fragment of a notification's link that carries its follow's unsubscribe token (read by the page's script, never sent to a server). */
export const UNFOLLOW_FRAGMENT = 'unfollow';

type Claimed = {
  id: number;
  event_id: number | null;
  follow_id: number | null;
  recipient: string;
  channel: 'email' | 'push';
  attempts: number;
  bundle_day: unknown;
};

interface FollowRow {
  id: number;
  email: string | null;
  push_subscription_id: number | null;
  status: string;
  story_id: number | null;
  category: string | null;
}

type Outcome = { kind: 'sent' } | { kind: 'skipped' } | { kind: 'gone'; error: string } | { kind: 'failed'; error: string; permanent: boolean };

/**
 * Turns publication events into messages and sends them, on the job worker only. Three steps, each
 * safe with any number of workers at once:
 * - fan-out: an event's deliveries (one row per recipient) are made in the transaction that records the
 *   event as fanned out (follow_fanout's primary key), so the event is fanned out once;
 * - bundles: a daily follower's held rows of the days before today are gathered into one bundle row per
 *   follow and day (a unique constraint);
 * - sending: a sender claims a batch of due rows in one statement (`for update skip locked`), so no two
 *   senders hold the same row, sends them, and marks each sent, retried later (waiting twice as long
 *   each time) or dropped with its last error after FOLLOWS_MAX_ATTEMPTS. A claim is a lease: a sender
 *   killed mid-batch leaves its rows claimed, and after FOLLOWS_SEND_LEASE_MS another sender sends them.
 *   The one window where a message can go twice is a worker killed between the push service's (or the
 *   SMTP server's) answer and the commit marking the row; the copy carries the same Topic (a push
 *   service replaces an undelivered one) or Message-ID.
 */
@Injectable()
export class FollowDeliveryService {
  private readonly logger = new Logger(FollowDeliveryService.name);
  private readonly claimant = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly em: EntityManager,
    private readonly follows: FollowsService,
    private readonly targets: FollowTargets,
    private readonly push: PushSender,
    private readonly mailer: Mailer,
    private readonly mailPolicy: ReaderMailPolicy,
    @InjectConfig('follows') private readonly config: ConfigSlice<'follows'>,
    @InjectConfig('site') private readonly siteConfig: ConfigSlice<'site'>,
  ) {}

  /** Fans out the oldest events not yet fanned out (up to FOLLOWS_EVENTS_PER_RUN); the number of deliveries made. */
  async fanOut(): Promise<number> {
    const events = await followsDb(this.em.fork())
      .selectFrom('publication_event as e')
      .select('e.id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('follow_fanout as f').select('f.event_id').whereRef('f.event_id', '=', 'e.id'))))
      .orderBy('e.id')
      .limit(this.config.eventsPerRun)
      .execute();
    let made = 0;
    for (const { id } of events) made += await this.fanOutEvent(Number(id));
    return made;
  }

  private fanOutEvent(eventId: number): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      const query = followsDb(tx);
      // The marker first: a second worker here waits for this transaction, then finds the row and stops.
      const claimed = await query
        .insertInto('follow_fanout')
        .values({ event_id: eventId })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!claimed) return 0;
      const recipient = sql<string>`case when f.email is not null then 'email:' || f.email else 'push:' || f.push_subscription_id::text end`;
      const inserted = await query
        .insertInto('follow_delivery')
        .columns(['event_id', 'follow_id', 'recipient', 'channel', 'status'])
        .expression(
          query
            .selectFrom('follow as f')
            .innerJoin('publication_event as e', (join) => join.on('e.id', '=', eventId))
            .distinctOn(recipient)
            .select([
              'e.id as event_id',
              'f.id as follow_id',
              recipient.as('recipient'),
              'f.channel',
              sql<string>`case when f.mode = 'daily' then 'held' else 'pending' end`.as('status'),
            ])
            .where('f.status', '=', 'confirmed')
            // A reader is sent what was published after they followed, and nothing older than the configured age.
            .whereRef('f.confirmed_at', '<=', 'e.created_at')
            .where('e.created_at', '>', sql<Date>`now() - make_interval(hours => ${this.config.eventMaxAgeHours})`)
            .where((eb) =>
              eb.or([
                eb('f.story_id', '=', eb.ref('e.story_id')),
                // Both in the comparable form (categorySlug; the event's is the article's category_slug).
                eb('f.category', '=', eb.ref('e.category')),
              ]),
            )
            // Following a story and its category: the story's follow (its mode) is the one used.
            .orderBy(recipient)
            .orderBy(sql`f.story_id is null`)
            .orderBy('f.id'),
        )
        .onConflict((conflict) => conflict.columns(['event_id', 'recipient']).doNothing())
        .executeTakeFirst();
      const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
      await query.updateTable('follow_fanout').set({ recipients: count }).where('event_id', '=', eventId).execute();
      return count;
    });
  }

  /** Gathers the held rows of days before today (UTC) into one bundle per follow; the number of bundles made. */
  async makeBundles(): Promise<number> {
    const today = sql<Date>`date_trunc('day', now(), 'UTC')`;
    const result = await followsDb(this.em.fork())
      .with('due', (q) =>
        q
          .selectFrom('follow_delivery')
          .select(['follow_id', 'recipient'])
          .distinct()
          .where('status', '=', 'held')
          .where('follow_id', 'is not', null)
          .where('created_at', '<', today)
          .limit(this.config.bundlesPerRun),
      )
      .with('made', (q) =>
        q
          .insertInto('follow_delivery')
          .columns(['follow_id', 'recipient', 'channel', 'status', 'bundle_day'])
          .expression((eb) =>
            eb
              .selectFrom('due')
              .select([
                'due.follow_id',
                'due.recipient',
                sql<string>`'email'`.as('channel'),
                sql<string>`'pending'`.as('status'),
                sql<string>`(now() at time zone 'UTC')::date`.as('bundle_day'),
              ]),
          )
          .onConflict((conflict) => conflict.columns(['follow_id', 'bundle_day']).doNothing())
          .returning(['id', 'follow_id']),
      )
      .updateTable('follow_delivery as d')
      .from('made')
      .set((eb) => ({ status: 'bundled', bundle_id: eb.ref('made.id') }))
      .whereRef('d.follow_id', '=', 'made.follow_id')
      .where('d.status', '=', 'held')
      .where('d.created_at', '<', today)
      .returning('made.id')
      .execute();
    return new Set(result.map((row) => row.id)).size;
  }

  /** Whether a row is due to be sent now (a tick starts senders only then). */
  async hasDue(): Promise<boolean> {
    const row = await this.dueRows(followsDb(this.em.fork())).select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  private dueRows(query: ReturnType<typeof followsDb>) {
    const lease = this.config.sendLeaseMs / 1000;
    return query
      .selectFrom('follow_delivery')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', sql<Date>`now()`)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<=', sql<Date>`now() - make_interval(secs => ${lease})`)]),
        ]),
      );
  }

  /**
   * Sends due messages in claimed batches until none is due, FOLLOWS_MAX_SENDS_PER_RUN were sent, or
   * `stopping()` says the worker is closing (checked between batches, holding no claim).
   */
  async send(stopping: () => boolean = () => false): Promise<{ sent: number; failed: number; dropped: number; stopped: boolean }> {
    const outcome = { sent: 0, failed: 0, dropped: 0, stopped: false };
    let handled = 0;
    while (handled < this.config.maxSendsPerRun) {
      if (stopping()) return { ...outcome, stopped: true };
      const batch = await this.claim(Math.min(this.config.batchSize, this.config.maxSendsPerRun - handled));
      if (batch.length === 0) break;
      handled += batch.length;
      const results = await this.sendBatch(batch);
      for (const result of results.values()) {
        if (result.kind === 'sent') outcome.sent += 1;
        else if (result.kind === 'failed') outcome.failed += 1;
      }
      outcome.dropped += await this.settle(batch, results);
    }
    return outcome;
  }

  private async claim(limit: number): Promise<Claimed[]> {
    const query = followsDb(this.em.fork());
    const rows = await query
      .with('next', () => this.dueRows(query).select('id').orderBy('next_attempt_at').orderBy('id').limit(limit).forUpdate().skipLocked())
      .updateTable('follow_delivery as d')
      .from('next')
      .set((eb) => ({ status: 'sending', claimed_at: sql<Date>`now()`, claimed_by: this.claimant, attempts: eb('d.attempts', '+', 1) }))
      .whereRef('d.id', '=', 'next.id')
      .returning(['d.id', 'd.event_id', 'd.follow_id', 'd.recipient', 'd.channel', 'd.attempts', 'd.bundle_day'])
      .execute();
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      event_id: row.event_id === null ? null : Number(row.event_id),
      follow_id: row.follow_id === null ? null : Number(row.follow_id),
    })) as Claimed[];
  }

  /** The batch's messages, `concurrency` at a time; each row's outcome. */
  private async sendBatch(batch: Claimed[]): Promise<Map<number, Outcome>> {
    const query = followsDb(this.em.fork());
    const followIds = [...new Set(batch.map((row) => row.follow_id).filter((id): id is number => id !== null))];
    const follows = new Map<number, FollowRow>();
    if (followIds.length > 0) {
      const rows = await query
        .selectFrom('follow')
        .select(['id', 'email', 'push_subscription_id', 'status', 'story_id', 'category'])
        .where('id', 'in', followIds)
        .execute();
      for (const row of rows)
        follows.set(Number(row.id), {
          ...row,
          id: Number(row.id),
          push_subscription_id: row.push_subscription_id === null ? null : Number(row.push_subscription_id),
        });
    }
    const subscriptionIds = [...new Set([...follows.values()].map((row) => row.push_subscription_id).filter((id): id is number => id !== null))];
    const subscriptions = new Map<number, { endpoint: string; p256dh: string; auth: string }>();
    if (subscriptionIds.length > 0) {
      for (const row of await query.selectFrom('push_subscription').select(['id', 'endpoint', 'p256dh', 'auth']).where('id', 'in', subscriptionIds).execute()) {
        subscriptions.set(Number(row.id), row);
      }
    }
    const items = await this.itemsOf(batch);
    const unsubscribeLink = await this.follows.unsubscribeLinks();
    const titles = new Map<string, Promise<string>>();
    const titleOf = (follow: FollowRow) => {
      const key = `${follow.story_id}|${follow.category}`;
      if (!titles.has(key)) titles.set(key, this.targets.titleOf(follow.story_id, follow.category));
      return titles.get(key)!;
    };
    const host = new URL(this.siteConfig.publicUrl).hostname;

    const sendOne = async (row: Claimed): Promise<Outcome> => {
      const follow = row.follow_id === null ? undefined : follows.get(row.follow_id);
      // Checked as each message goes: a follow ended (or a subscription gone) since the fan-out gets nothing.
      if (!follow || follow.status !== 'confirmed') return { kind: 'skipped' };
      const rowItems = items.get(row.id) ?? [];
      if (rowItems.length === 0) return { kind: 'skipped' };
      const unsubscribeUrl = unsubscribeLink(follow);
      if (row.channel === 'push') {
        const subscription = follow.push_subscription_id === null ? undefined : subscriptions.get(follow.push_subscription_id);
        if (!subscription) return { kind: 'skipped' };
        const item = rowItems[0]!;
        const token = new URL(unsubscribeUrl).searchParams.get('token') ?? '';
        const payload = JSON.stringify({
          title: `${item.kind === 'published' ? 'New' : item.kind === 'correction' ? 'Corrected' : 'Updated'}: ${item.title}`.slice(0, 200),
          body: (item.note ?? `${SITE_NAME}: ${await titleOf(follow)}`).slice(0, 500),
          url: `${item.url}#${UNFOLLOW_FRAGMENT}=${encodeURIComponent(token)}`,
          tag: `follow-event-${row.event_id}`,
        });
        const result: PushOutcome = await this.push.send(subscription, payload, { topic: `e${row.event_id}` });
        return result;
      }
      if (!follow.email || !(await this.mailPolicy.admitsDigest(follow.email))) return { kind: 'skipped' };
      const title = await titleOf(follow);
      const email = row.bundle_day !== null ? bundleEmail(title, rowItems, unsubscribeUrl) : updateEmail(title, rowItems[0]!, unsubscribeUrl);
      try {
        await this.mailer.send({ to: follow.email, ...email, headers: listUnsubscribeHeaders(unsubscribeUrl), messageId: `<follow-${row.id}@${host}>` });
        return { kind: 'sent' };
      } catch (error) {
        return { kind: 'failed', error: failureText(error), permanent: failureIsPermanent(error) };
      }
    };

    const results = new Map<number, Outcome>();
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.config.concurrency, batch.length) }, async () => {
      while (next < batch.length) {
        const row = batch[next++]!;
        try {
          results.set(row.id, await sendOne(row));
        } catch (error) {
          results.set(row.id, { kind: 'failed', error: error instanceof Error ? error.message.slice(0, 1000) : String(error), permanent: false });
        }
      }
    });
    await Promise.all(lanes);
    return results;
  }

  /** Each row's updates: its event's, or for a bundle, the events of the rows it gathered (oldest first). */
  private async itemsOf(batch: Claimed[]): Promise<Map<number, UpdateItem[]>> {
    const query = followsDb(this.em.fork());
    const eventRows = batch.filter((row) => row.event_id !== null);
    const bundleIds = batch.filter((row) => row.bundle_day !== null).map((row) => row.id);
    const gathered =
      bundleIds.length === 0
        ? []
        : await query
            .selectFrom('follow_delivery')
            .select(['bundle_id', 'event_id'])
            .where('bundle_id', 'in', bundleIds)
            .where('status', '=', 'bundled')
            .execute();
    const eventIds = [...new Set([...eventRows.map((row) => row.event_id!), ...gathered.map((row) => Number(row.event_id))])];
    const events = new Map<number, UpdateItem>();
    if (eventIds.length > 0) {
      const rows = await query
        .selectFrom('publication_event as e')
        .innerJoin('article as a', 'a.id', 'e.article_id')
        .select(['e.id', 'e.kind', 'e.note', 'e.created_at', 'a.title', 'a.slug', 'a.category'])
        .where('e.id', 'in', eventIds)
        .execute();
      for (const row of rows) {
        events.set(Number(row.id), {
          kind: row.kind as UpdateItem['kind'],
          title: row.title,
          url: `${this.siteConfig.publicUrl}${articleCanonicalPath({ category: categorySlug(row.category), slug: row.slug })}`,
          note: row.note,
          at: new Date(row.created_at as unknown as string),
        });
      }
    }
    const items = new Map<number, UpdateItem[]>();
    for (const row of eventRows) {
      const item = events.get(row.event_id!);
      if (item) items.set(row.id, [item]);
    }
    for (const row of gathered) {
      const item = events.get(Number(row.event_id));
      if (!item) continue;
      const bundle = Number(row.bundle_id);
      items.set(
        bundle,
        [...(items.get(bundle) ?? []), item].sort((a, b) => a.at.getTime() - b.at.getTime()),
      );
    }
    return items;
  }

  /**
   * Records each row's outcome, where this sender still holds its claim: sent and skipped rows in one
   * statement each; a failure waits twice as long as the last (or is dropped with its error once
   * permanent or out of attempts); a gone push subscription is deleted with its follows. The number dropped.
   */
  private async settle(batch: Claimed[], results: Map<number, Outcome>): Promise<number> {
    const query = followsDb(this.em.fork());
    const held = (ids: number[]) =>
      query.updateTable('follow_delivery').where('id', 'in', ids).where('status', '=', 'sending').where('claimed_by', '=', this.claimant);
    const ofKind = (kind: Outcome['kind']) => batch.filter((row) => results.get(row.id)?.kind === kind).map((row) => row.id);
    const sent = ofKind('sent');
    const skipped = ofKind('skipped');
    if (sent.length > 0)
      await held(sent)
        .set({ status: 'sent', sent_at: sql<Date>`now()` })
        .execute();
    if (skipped.length > 0) await held(skipped).set({ status: 'skipped' }).execute();
    let dropped = 0;
    for (const row of batch) {
      const result = results.get(row.id);
      if (!result || result.kind === 'sent' || result.kind === 'skipped') continue;
      if (result.kind === 'gone') {
        const follow = row.follow_id;
        // The push service says the subscription ended: it goes, with its follows (the rows keep their record).
        await held([row.id])
          .set({ status: 'dropped', dropped_at: sql<Date>`now()`, last_error: result.error })
          .execute();
        if (follow !== null) {
          await query
            .deleteFrom('push_subscription')
            .where('id', '=', (eb) => eb.selectFrom('follow').select('push_subscription_id').where('id', '=', follow))
            .execute();
        }
        dropped += 1;
        continue;
      }
      const final = result.permanent || row.attempts >= this.config.maxAttempts;
      const delaySeconds = (this.config.retryDelayMs * 2 ** (row.attempts - 1)) / 1000;
      await held([row.id])
        .set(
          final
            ? { status: 'dropped', dropped_at: sql<Date>`now()`, last_error: result.error }
            : { status: 'pending', last_error: result.error, next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})` },
        )
        .execute();
      if (final) {
        dropped += 1;
        this.logger.warn({ deliveryId: row.id, attempts: row.attempts, error: result.error }, 'A follow message was dropped');
      }
    }
    return dropped;
  }
}
