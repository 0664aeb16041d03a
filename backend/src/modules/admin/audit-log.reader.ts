import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { ADMIN_PAGE_SIZE, type AuditLogEntry, type AuditLogQuery, type AuditRefusals, type AuditRefusalsQuery } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { newestFirstPage } from '../../common/newest-first-page.js';
import { adminDb } from './tables.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A date without a time names the whole day (UTC): `from` starts at its beginning, `to` reaches its end. */
const startOf = (value: string) => (DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
const endOf = (value: string) => (DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : value);

/** Routes listed with the refusal total, most refused first. */
const REFUSED_ROUTES_SHOWN = 10;

/** The Audit tab's reads of audit_log and audit_refusal (AuditLogWriter is their one writer). */
@Injectable()
export class AuditLogReader {
  constructor(private readonly em: EntityManager) {}

  /** How many admin calls were refused without a session in the dates, in all and by route and status. */
  async refusals(query: AuditRefusalsQuery): Promise<AuditRefusals> {
    const { from, to } = query;
    const routes = await adminDb(this.em.fork())
      .selectFrom('audit_refusal')
      .select(['action', 'status', sql<number>`sum(count)::int`.as('count')])
      .$if(from !== undefined, (q) => q.where('minute', '>=', sql<Date>`${startOf(from!)}::timestamptz`))
      .$if(to !== undefined, (q) => q.where('minute', '<=', sql<Date>`${endOf(to!)}::timestamptz`))
      .groupBy(['action', 'status'])
      .orderBy('count', 'desc')
      .orderBy('action')
      .orderBy('status')
      .execute();
    return {
      total: routes.reduce((sum, route) => sum + route.count, 0),
      routes: routes.slice(0, REFUSED_ROUTES_SHOWN).map(({ action, status, count }) => ({ action, status, count })),
    };
  }

  async page(query: AuditLogQuery): Promise<{ items: AuditLogEntry[]; nextCursor: string | null; total: number }> {
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const { actor, action, from, to } = query;
    const filtered = adminDb(this.em.fork())
      .selectFrom('audit_log as l')
      .$if(actor !== undefined, (q) => q.where('l.actor', '=', actor!))
      .$if(action !== undefined, (q) => q.where('l.action', 'ilike', containing(action!)))
      .$if(from !== undefined, (q) => q.where('l.created_at', '>=', sql<Date>`${startOf(from!)}::timestamptz`))
      .$if(to !== undefined, (q) => q.where('l.created_at', '<=', sql<Date>`${endOf(to!)}::timestamptz`));
    const { rows, nextCursor, total } = await newestFirstPage(
      filtered,
      { time: 'l.created_at', id: 'l.id' },
      (q) => q.select(['l.id', 'l.actor', 'l.action', 'l.path', 'l.target_id', 'l.status', 'l.note', 'l.created_at']),
      { cursor: query.cursor, limit },
    );
    return {
      items: rows.map((row) => ({
        id: row.id,
        actor: row.actor,
        action: row.action,
        path: row.path,
        targetId: row.target_id,
        status: row.status,
        note: row.note,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      nextCursor,
      total,
    };
  }
}
