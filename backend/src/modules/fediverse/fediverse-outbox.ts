import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { PendingWorkSweeper } from '../../queue/sweeper.js';
import type { DeliveryActivity } from './fediverse-delivery.entity.js';
import { AiReplySender } from './ai-reply-sender.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { PostgresKvStore } from './fediverse-kv-store.js';
import { fediverseDb } from './tables.js';

/** Where the outbox has read the article history up to, and what each article last told the followers (in fediverse_kv). */
const CURSOR_KEY = 'ai-mind\u001foutbox-cursor';
const articleKey = (id: number) => `ai-mind\u001farticle\u001f${id}`;
/** A revision is read once it is this old: one committed a moment earlier with a lower id is then visible too. */
const SETTLE_MS = 500;
const BATCH = 200;
/** What a follower sees of an article: a change of any of these, published, is an Update. */
const VISIBLE = ['title', 'content', 'meta_description', 'image_url', 'corrections', 'category', 'slug'];
/** A delivery still pending this long after it was made lost its job (Redis was away): queued again. */
const LOST_JOB_MS = 60_000;
/** Delivery rows per INSERT: four bind parameters each, well inside PostgreSQL's 65,535. */
const DELIVERY_ROWS_PER_INSERT = 5_000;
/** How often a worker drops Fedify's expired cache entries (fediverse_kv). */
const KV_SWEEP_INTERVAL_MS = 60_000;

export function deliveryJobId(deliveryId: number): string {
  return `fediverse-delivery-${deliveryId}`;
}

interface RevisionRow {
  id: string;
  article_id: number;
  action: string;
  changed: string[];
  approved: boolean;
}

/**
 * Turns the article history into deliveries: the one rule for "an article was published, updated or
 * deleted" is the article_revision row PostgreSQL writes for every committed change, whatever made it
 * (docs/fediverse.md). The worker reads the revisions after its cursor in order, once per cluster (an
 * advisory lock), and for each that a follower should hear of makes one fediverse_delivery row per
 * inbox (a server's shared inbox once) and queues its job:
 * - published (a publish, or an insert already published) and not yet announced: Create;
 * - published and announced, with a change readers see (title, body, summary, image, corrections): Update;
 * - unpublished or deleted after it was announced: Delete.
 */
@Injectable()
export class FediverseOutbox extends PendingWorkSweeper {
  private lastKvSweep = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly followers: FediverseFollowers,
    private readonly jobs: JobProducer,
    private readonly aiReplies: AiReplySender,
    @InjectConfig('fediverse') private readonly config: ConfigSlice<'fediverse'>,
  ) {
    super(config.outboxIntervalMs, 'fediverse deliveries');
  }

  async sweep(): Promise<number> {
    const made = await this.em.fork().transactional(async (em) => {
      const db = fediverseDb(em);
      const locked = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext('fediverse-outbox')) as locked`.execute(db);
      if (!locked.rows[0]?.locked) return [];
      const cursorRow = await db.selectFrom('fediverse_kv').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst();
      let cursor = cursorRow ? String(cursorRow.value) : null;
      if (cursor === null) {
        // First run: only what happens from now on is delivered (the back catalogue is in the outbox collection).
        const last = await db
          .selectFrom('article_revision')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        cursor = String(last?.id ?? 0);
        await this.keep(em, CURSOR_KEY, cursor);
        return [];
      }
      // FEDIVERSE_ENABLED=false: the site is no actor; the history passes as if nobody followed it.
      const inboxes = this.config.enabled ? await this.followers.inboxes() : [];
      if (inboxes.length === 0) {
        // Nobody to tell: the history is passed over in one statement (a bulk import of thousands of
        // articles costs nothing here); an article announced to nobody is announced by its next change.
        const last = await db
          .selectFrom('article_revision')
          .select((eb) => eb.fn.max('id').as('id'))
          .where(sql<boolean>`id > ${cursor}::bigint`)
          .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${SETTLE_MS / 1000})`)
          .executeTakeFirst();
        if (last?.id !== null && last?.id !== undefined) await this.keep(em, CURSOR_KEY, String(last.id));
        return [];
      }
      const revisions = (await db
        .selectFrom('article_revision')
        .select(['id', 'article_id', 'action', 'changed', sql<boolean>`coalesce((snapshot->>'approved')::boolean, false)`.as('approved')])
        .where(sql<boolean>`id > ${cursor}::bigint`)
        .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${SETTLE_MS / 1000})`)
        .orderBy('id')
        .limit(BATCH)
        .execute()) as unknown as RevisionRow[];
      if (revisions.length === 0) return [];
      const ids: number[] = [];
      for (const revision of revisions) {
        const activity = await this.activityOf(em, revision);
        if (!activity) continue;
        // In slices: one statement's bind parameters are at most 65,535 (four a row).
        for (let from = 0; from < inboxes.length; from += DELIVERY_ROWS_PER_INSERT) {
          const rows = await db
            .insertInto('fediverse_delivery')
            .values(
              inboxes
                .slice(from, from + DELIVERY_ROWS_PER_INSERT)
                .map((inbox) => ({ article_id: revision.article_id, activity, revision_id: Number(revision.id), inbox_url: inbox })),
            )
            .onConflict((oc) => oc.columns(['revision_id', 'inbox_url']).doNothing())
            .returning('id')
            .execute();
          ids.push(...rows.map((row) => Number(row.id)));
        }
      }
      await this.keep(em, CURSOR_KEY, revisions[revisions.length - 1]!.id);
      return ids;
    });
    const lost = await fediverseDb(this.em.fork())
      .selectFrom('fediverse_delivery')
      .select('id')
      .where('status', '=', 'pending')
      .where('created_at', '<', new Date(Date.now() - LOST_JOB_MS))
      .limit(1000)
      .execute();
    const all = [...made, ...lost.map((row) => Number(row.id))];
    // After the commit: a job never runs before its row exists. Ids are per row, so a job already queued is left alone.
    for (const id of all) await this.jobs.enqueue('fediverse-deliver', { deliveryId: id }, { jobId: deliveryJobId(id) });
    if (this.config.enabled) await this.aiReplies.sendDue();
    if (Date.now() - this.lastKvSweep >= KV_SWEEP_INTERVAL_MS) {
      this.lastKvSweep = Date.now();
      await new PostgresKvStore(() => this.em.fork()).sweep();
    }
    return lost.length;
  }

  /** What the followers are told of this revision (and the article's state kept), or null. */
  private async activityOf(em: EntityManager, revision: RevisionRow): Promise<DeliveryActivity | null> {
    const db = fediverseDb(em);
    const key = articleKey(revision.article_id);
    const state = (await db.selectFrom('fediverse_kv').select('value').where('key', '=', key).executeTakeFirst())?.value as string | undefined;
    const announced = state === 'created';
    const published = revision.action !== 'delete' && revision.action !== 'unpublish' && revision.approved;
    if (published && !announced) {
      await this.keep(em, key, 'created');
      return 'create';
    }
    if (published && announced) return revision.changed.some((column) => VISIBLE.includes(column)) ? 'update' : null;
    if (!published && announced) {
      await this.keep(em, key, 'deleted');
      return 'delete';
    }
    return null;
  }

  private async keep(em: EntityManager, key: string, value: string): Promise<void> {
    const json = JSON.stringify(value);
    await fediverseDb(em)
      .insertInto('fediverse_kv')
      .values({ key, value: sql`${json}::jsonb`, expires_at: null })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`${json}::jsonb` }))
      .execute();
  }
}
