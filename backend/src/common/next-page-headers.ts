import { NEXT_CURSOR_HEADER } from '@ai-mind/contracts';

/**
 * The headers that announce a paged list's next page: its cursor, and a `Link` to it (RFC 8288) that
 * repeats the request's query with the cursor replaced, so a client can follow it without knowing the
 * list's parameters. None on the last page.
 */
export function nextPageHeaders(path: string, query: object, nextCursor: string | null | undefined): Record<string, string> {
  if (!nextCursor) return {};
  const params = Object.entries({ ...query, cursor: nextCursor }).filter(([, value]) => value !== undefined);
  const next = new URLSearchParams(params.map(([key, value]): [string, string] => [key, String(value)]));
  return { [NEXT_CURSOR_HEADER]: nextCursor, link: `<${path}?${next}>; rel="next"` };
}
