import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, type AuditLogEntry, type AuditLogQuery } from '@ai-mind/contracts';
import { containing } from '../../common/sql-like.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { encodeCursor, requireCursor } from '../articles/list-cursor.js';

interface Row {
  id: number;
  actor: string | null;
  action: string;
  path: string | null;
  target_id: string | null;
  status: number;
  created_at: Date;
  created_at_key: string;
}

const cursorError = (message: string) => new ValidationFailedException([{ path: 'cursor', message }]);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A date without a time names the whole day (UTC): `from` starts at its beginning, `to` reaches its end. */
const startOf = (value: string) => (DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
const endOf = (value: string) => (DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : value);

/** The Audit tab's reads of audit_log (AuditLogWriter is its one writer). */
@Injectable()
export class AuditLogReader {
  constructor(private readonly em: EntityManager) {}

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
    const keyset = [...where];
    const keysetParams = [...params];
    if (query.cursor !== undefined) {
      const cursor = requireCursor(query.cursor, ['keyset'], cursorError);
      keyset.push('(l.created_at, l.id) < (?::timestamptz, ?)');
      keysetParams.push(cursor.createdAt, cursor.id);
    }
    const [rows, [count]] = await Promise.all([
      this.em.fork().execute<Row[]>(
        `select l.id, l.actor, l.action, l.path, l.target_id, l.status, l.created_at, l.created_at::text as created_at_key
           from audit_log l ${keyset.length ? `where ${keyset.join(' and ')}` : ''}
          order by l.created_at desc, l.id desc limit ?`,
        [...keysetParams, limit + 1],
      ),
      this.em.fork().execute<{ total: number }[]>(`select count(*)::int as total from audit_log l ${where.length ? `where ${where.join(' and ')}` : ''}`, params),
    ]);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => ({
        id: row.id,
        actor: row.actor,
        action: row.action,
        path: row.path,
        targetId: row.target_id,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      nextCursor: rows.length > limit && last ? encodeCursor({ kind: 'keyset', createdAt: last.created_at_key, id: last.id }) : null,
      total: count!.total,
    };
  }
}
