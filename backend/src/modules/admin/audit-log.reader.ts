import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, type AuditLogEntry, type AuditLogQuery, type AuditRefusals, type AuditRefusalsQuery } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { newestFirstPage } from '../../common/newest-first-page.js';

interface Row {
  id: number;
  actor: string | null;
  action: string;
  path: string | null;
  target_id: string | null;
  status: number;
  note: string | null;
  created_at: Date;
}

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
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.from !== undefined) {
      where.push('minute >= ?::timestamptz');
      params.push(startOf(query.from));
    }
    if (query.to !== undefined) {
      where.push('minute <= ?::timestamptz');
      params.push(endOf(query.to));
    }
    const routes = await this.em.getConnection().execute<{ action: string; status: number; count: number }[]>(
      `select action, status, sum(count)::int as count from audit_refusal ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
       group by action, status order by count desc, action, status`,
      params,
    );
    return { total: routes.reduce((sum, route) => sum + route.count, 0), routes: routes.slice(0, REFUSED_ROUTES_SHOWN).map(({ action, status, count }) => ({ action, status, count })) };
  }

  async page(query: AuditLogQuery): Promise<{ items: AuditLogEntry[]; nextCursor: string | null; total: number }> {
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.actor !== undefined) {
      where.push('l.actor = ?');
      params.push(query.actor);
    }
    if (query.action !== undefined) {
      where.push('l.action ilike ?');
      params.push(containing(query.action));
    }
    if (query.from !== undefined) {
      where.push('l.created_at >= ?::timestamptz');
      params.push(startOf(query.from));
    }
    if (query.to !== undefined) {
      where.push('l.created_at <= ?::timestamptz');
      params.push(endOf(query.to));
    }
    const { rows, nextCursor, total } = await newestFirstPage<Row>(
      this.em,
      { select: 'l.id, l.actor, l.action, l.path, l.target_id, l.status, l.note, l.created_at', from: 'audit_log l', countFrom: 'audit_log l', time: 'l.created_at', id: 'l.id' },
      { where, params },
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
