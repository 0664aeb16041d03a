import { sql, type SelectQueryBuilder } from 'kysely';
import { encodeCursor, requireCursor } from './list-cursor.js';
import { ValidationFailedException } from './zod-validation.pipe.js';

export interface NewestFirstPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  total: number;
}

/**
 * One page of an admin list ordered newest first, walked by a keyset cursor on (time, id), with the
 * exact count of what the filters match. `filtered` is the list's table with its filters (what is
 * counted); `select` adds the page's columns (and any joins only the page needs); `time` and `id` are
 * the keyset's columns, as the query names them.
 */
export async function newestFirstPage<DB, TB extends keyof DB, PageDB, PageTB extends keyof PageDB, Row extends { id: number }>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  keys: { time: string; id: string },
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<PageDB, PageTB, Row>,
  page: { cursor?: string; limit: number },
): Promise<NewestFirstPage<Row>> {
  const time = sql.ref(keys.time);
  const id = sql.ref(keys.id);
  let keyset = filtered;
  if (page.cursor !== undefined) {
    const cursor = requireCursor(page.cursor, ['keyset'], (message) => new ValidationFailedException([{ path: 'cursor', message }]));
    // A row comparison against the cursor's exact timestamptz text: one index range scan on (time desc, id desc).
    keyset = keyset.where(sql<boolean>`(${time}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`);
  }
  const [rows, count] = await Promise.all([
    select(keyset)
      // The key as PostgreSQL prints it keeps the microseconds a JavaScript Date would lose.
      .select(sql<string>`${time}::text`.as('page_key'))
      .orderBy(time, 'desc')
      .orderBy(id, 'desc')
      .limit(page.limit + 1)
      .$castTo<Row & { page_key: string }>() // what the two selects above add up to, which a generic query cannot infer
      .execute(),
    filtered
      .select(sql<number>`count(*)::int`.as('total'))
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow(),
  ]);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    rows: items,
    nextCursor: rows.length > page.limit && last ? encodeCursor({ kind: 'keyset', createdAt: last.page_key, id: last.id }) : null,
    total: count.total,
  };
}
