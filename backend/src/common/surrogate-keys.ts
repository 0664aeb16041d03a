import type { IncomingMessage } from 'node:http';

/** A key as an SQL string literal, for a trigger's SQL. */
export function sqlKey(key: string): string {
  return `'${key.replaceAll("'", "''")}'`;
}

/**
 * A family of keys, `<prefix><value>`: called in TypeScript (`cacheKeys.article(7)`), or spelled as the
 * SQL expression that makes the same key from a value in a trigger (`cacheKeys.article.sql('new_row.id')`
 * is `'article-' || new_row.id`).
 */
function keyFamily<Value extends number | string>(prefix: string) {
  return Object.assign((value: Value) => `${prefix}${value}`, { sql: (expression: string) => `${sqlKey(prefix)} || ${expression}` });
}

/**
 * The surrogate keys of the shared HTTP cache: what a public answer depends on, named so that a change
 * purges exactly the answers that show it. Every shared answer names its keys in SURROGATE_KEY_HEADER
 * (space-separated, as Varnish xkey and Fastly read it; infra/varnish copies it to xkey), and every
 * committed change names the keys it affects in the purge outbox.
 *
 * This is the one spelling of the keys: the triggers that queue purges (the modules' *-purge.sql.ts)
 * write theirs with `sqlKey` and a family's `.sql`, so their SQL is generated from these definitions.
 *
 * A route of its own (a corrections page, a newsletter archive) names what it shows with these, or a
 * key of its own from `cacheKeys.named`, and queues the same key in the transaction that changes it:
 *   surrogateKeys(request).add(cacheKeys.article(id), cacheKeys.named('corrections'));
 *   await queuePurge(em, [cacheKeys.named('corrections')]);   // modules/http-cache/queue-purge.ts
 */
export const cacheKeys = {
  /** One article: its page, its JSON, and every list answer that shows it. */
  article: keyFamily<number>('article-'),
  /**
   * One article's reader counts (likes, shares, comments) as its own page and JSON show them: a
   * reader's count purges this key alone, so a like or a share drops no list (lists name listedCounts).
   */
  counts: keyFamily<number>('counts-'),
  /**
   * Named by every answer that shows counts of articles it is not purged for (the lists, and the pages
   * made from them): the shared cache keeps it at most LISTED_COUNTS_MAX_AGE_SECONDS (http-cache.ts),
   * so a like shows on the lists within that time with no purge of its own.
   */
  listedCounts: 'listed-counts',
  /** The newest-first list of every published article (the home page, /api/articles). */
  newest: 'newest',
  /** The list of one category, by its slug. */
  category: keyFamily<string>('category-'),
  /** Every search answer (any change may change what matches). */
  search: 'search',
  sitemap: 'sitemap',
  rss: 'rss',
  trending: 'trending',
  /** The list of every correction and update note (/corrections). */
  corrections: 'corrections',
  /** Every shared answer: purging it empties the cache (a new build of the site). */
  site: 'site',
  /** A key of a route's own (letters, digits and dashes). */
  named: (name: string) => {
    if (!/^[a-z0-9-]{1,60}$/.test(name)) throw new Error(`A surrogate key is letters, digits and dashes: '${name}'`);
    return name;
  },
} as const;

export const SURROGATE_KEY_HEADER = 'surrogate-key';
/** How long the shared cache may serve an answer stale (while refetching, or while the API fails); never read by browsers. */
export const SURROGATE_CONTROL_HEADER = 'surrogate-control';

const collected = new WeakMap<IncomingMessage, Set<string>>();

/** The keys the answer to `request` depends on, collected by whatever computes it. */
export function surrogateKeys(request: { raw: IncomingMessage }): Set<string> {
  let keys = collected.get(request.raw);
  if (!keys) collected.set(request.raw, (keys = new Set()));
  return keys;
}

/** The keys named in a surrogate-key header value (an inner answer a page was made from). */
export function keysOfHeader(value: string | null | undefined): string[] {
  return value ? value.split(' ').filter(Boolean) : [];
}
