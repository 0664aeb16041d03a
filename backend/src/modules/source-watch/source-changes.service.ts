import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { SOURCE_CHANGE_PAGE_SIZE, type SourceChange, type SourceChangeStatus } from '@ai-mind/contracts';
import { sourceWatchDb } from './tables.js';

/**
 * The "Source changes" queue as editors read it: each item with its source, its article, and the claims
 * of the article's body that cite that source now (the claim check replaces an article's claims on every
 * save, so they are read with the item, never copied into it).
 */
@Injectable()
export class SourceChangesService {
  constructor(private readonly em: EntityManager) {}

  /** The items of a status: open ones oldest first (the queue's order), closed ones latest closed first. */
  list(status: SourceChangeStatus): Promise<SourceChange[]> {
    return this.read(status, null);
  }

  /**
   * Closes an open item as resolved or dismissed, recording who and when. The update re-checks that it
   * is still open: of two editors closing it at once, the second is told it is closed already (409).
   */
  async close(id: number, status: 'resolved' | 'dismissed', username: string): Promise<SourceChange> {
    const closed = await sourceWatchDb(this.em.fork())
      .updateTable('source_change')
      .set({ status, resolved_by: username.slice(0, 100), resolved_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    const [item] = await this.read(null, id);
    if (!item) throw new NotFoundException({ error: 'Not Found', message: `No source change ${id}.` });
    if (!closed) throw new ConflictException({ error: 'Conflict', message: `This source change was already ${item.status} by ${item.resolvedBy}.` });
    return item;
  }

  private async read(status: SourceChangeStatus | null, id: number | null): Promise<SourceChange[]> {
    const db = sourceWatchDb(this.em.fork());
    let query = db
      .selectFrom('source_change as c')
      .innerJoin('topic_source as s', 's.id', 'c.topic_source_id')
      .innerJoin('article as a', 'a.id', 'c.article_id')
      .select([
        'c.id',
        'c.kind',
        'c.status',
        'c.detected_at',
        'c.changed_share',
        'c.http_status',
        'c.resolved_by',
        'c.resolved_at',
        's.id as source_id',
        's.number as source_number',
        's.outlet',
        's.title as source_title',
        's.link',
        'a.id as article_id',
        'a.title as article_title',
        'a.slug',
      ])
      .limit(SOURCE_CHANGE_PAGE_SIZE);
    if (id !== null) query = query.where('c.id', '=', id);
    if (status !== null) query = query.where('c.status', '=', status);
    query = status === 'open' ? query.orderBy('c.detected_at', 'asc').orderBy('c.id', 'asc') : query.orderBy('c.resolved_at', 'desc').orderBy('c.id', 'desc');
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const claims = await db
      .selectFrom('article_claim')
      .select(['id', 'article_id', 'source_number', 'sentence', 'passage'])
      .where((eb) => eb.or(rows.map((row) => eb.and([eb('article_id', '=', row.article_id), eb('source_number', '=', row.source_number)]))))
      .orderBy('article_id')
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      // Kysely answers timestamps as PostgreSQL writes them, as text.
      detectedAt: new Date(row.detected_at).toISOString(),
      changedShare: row.changed_share,
      httpStatus: row.http_status,
      resolvedBy: row.resolved_by,
      resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
      source: { id: row.source_id, number: row.source_number, outlet: row.outlet, title: row.source_title, link: row.link ?? '' },
      article: { id: row.article_id, title: row.article_title, slug: row.slug },
      claims: claims
        .filter((claim) => claim.article_id === row.article_id && claim.source_number === row.source_number)
        .map((claim) => ({ id: claim.id, sentence: claim.sentence, passage: claim.passage })),
    }));
  }
}
