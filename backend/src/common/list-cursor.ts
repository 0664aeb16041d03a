/**
 * Opaque list cursors: base64url JSON, for every paged list (public articles and the admin's lists).
 * Keyset cursors name the last row's (created_at, id), or (likes, id) in a list ordered by likes;
 * search cursors a position in the ranked result. Anything that does not decode to one of these is refused.
 */
export type ListCursor = { kind: 'keyset'; createdAt: string; id: number } | { kind: 'likes'; likes: number; id: number } | { kind: 'offset'; offset: number };

/** Deeper than this a reader is scraping, not searching; ranked offsets get expensive. */
const MAX_SEARCH_OFFSET = 10_000;
/** PostgreSQL's text form of a timestamptz, as `created_at::text` returns it. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function encodeCursor(cursor: ListCursor): string {
  const compact =
    cursor.kind === 'keyset' ? { c: cursor.createdAt, i: cursor.id } : cursor.kind === 'likes' ? { l: cursor.likes, i: cursor.id } : { o: cursor.offset };
  return Buffer.from(JSON.stringify(compact)).toString('base64url');
}

export function decodeCursor(raw: string): ListCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { c, i, l, o } = value as { c?: unknown; i?: unknown; l?: unknown; o?: unknown };
  if (typeof c === 'string' && TIMESTAMP_TEXT.test(c) && Number.isSafeInteger(i) && (i as number) > 0) {
    return { kind: 'keyset', createdAt: c, id: i as number };
  }
  if (Number.isSafeInteger(l) && (l as number) >= 0 && Number.isSafeInteger(i) && (i as number) > 0)
    return { kind: 'likes', likes: l as number, id: i as number };
  if (Number.isSafeInteger(o) && (o as number) > 0 && (o as number) <= MAX_SEARCH_OFFSET) return { kind: 'offset', offset: o as number };
  return null;
}

/** A cursor from the request, or the 400 naming the parameter; `expected` lists the kinds this list walks by. */
export function requireCursor<K extends ListCursor['kind']>(
  raw: string,
  expected: readonly K[],
  fail: (message: string) => Error,
): Extract<ListCursor, { kind: K }> {
  const cursor = decodeCursor(raw);
  if (!cursor) throw fail('is not a valid cursor');
  if (!(expected as readonly string[]).includes(cursor.kind)) throw fail('belongs to another order or search of this list');
  return cursor as Extract<ListCursor, { kind: K }>;
}
