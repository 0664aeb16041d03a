import type { EntityManager } from '@mikro-orm/postgresql';
import { encodeCursor, requireCursor } from './list-cursor.js';
import { ValidationFailedException } from './zod-validation.pipe.js';

export interface NewestFirstPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  total: number;
}

/**
 * One page of an admin list ordered newest first, walked by a keyset cursor on (time, id), with the
 * exact count of what the filters match. `where` and `params` are the filters (`?` placeholders);
 * `select` and `from` name the page's columns and tables, `countFrom` the tables the count needs.
 */
export async function newestFirstPage<Row extends { id: number }>(
  em: EntityManager,
  list: { select: string; from: string; countFrom: string; time: string; id: string },
  filters: { where: string[]; params: unknown[] },
  page: { cursor?: string; limit: number },
): Promise<NewestFirstPage<Row>> {
  const { where, params } = filters;
  const keyset = [...where];
  const keysetParams = [...params];
  if (page.cursor !== undefined) {
    const cursor = requireCursor(page.cursor, ['keyset'], (message) => new ValidationFailedException([{ path: 'cursor', message }]));
    keyset.push(`(${list.time}, ${list.id}) < (?::timestamptz, ?)`);
    keysetParams.push(cursor.createdAt, cursor.id);
  }
  const clause = (conditions: string[]) => (conditions.length ? `where ${conditions.join(' and ')}` : '');
  const [rows, [count]] = await Promise.all([
    em.fork().execute<(Row & { page_key: string })[]>(
      `select ${list.select}, ${list.time}::text as page_key from ${list.from} ${clause(keyset)} order by ${list.time} desc, ${list.id} desc limit ?`,
      [...keysetParams, page.limit + 1],
    ),
    em.fork().execute<{ total: number }[]>(`select count(*)::int as total from ${list.countFrom} ${clause(where)}`, params),
  ]);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    rows: items,
    nextCursor: rows.length > page.limit && last ? encodeCursor({ kind: 'keyset', createdAt: last.page_key, id: last.id }) : null,
    total: count!.total,
  };
}
