import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Selectable } from 'kysely';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { httpCacheDb, type HttpCacheDatabase } from './tables.js';
import { ArticleChangeListener } from '../articles/index.js';
import { purgeTargetOf, type PurgeTarget } from './purge-targets.js';

/** Rows claimed per statement; a recovery of thousands of articles is sent in a few rounds. */
const CLAIM_BATCH = 500;
/** How often due rows are looked for besides the notifications (retries, and rows written while no process listened). */
const POLL_MS = 1000;
/**
 * Rows are due a little after their commit (150 ms, or 400 ms for a reader's count; see http_cache_article_changed in articles/article-purge.sql.ts):
 * a notification is acted on once the first are, and rows still waiting are sent when they fall due.
 */
const NOTIFIED_WAIT_MS = 160;
/** A cache that cannot be reached is tried again after 1, 2, 4... seconds, at most a minute apart, this many times. */
const MAX_ATTEMPTS = 20;
const MAX_BACKOFF_MS = 60_000;

type ClaimedRow = Pick<Selectable<HttpCacheDatabase['http_cache_purge']>, 'keys' | 'target' | 'attempts'>;

/**
 * Sends the purge outbox (table http_cache_purge, filled by `queuePurge` and by other modules'
 * triggers through http_cache_queue, purge-queue.sql.ts: articles', comments' and trending's
 * *-purge.sql.ts) to every configured shared cache. Each API process claims due rows with `for update
 * skip locked` and deletes them in the same statement, so each change is purged by one process, once,
 * however many run. Keys of all the rows claimed together are sent as one purge per
 * cache. A cache that fails gets a row of its own, due again later with backoff: the others are not
 * purged twice, and the write that queued the purge never waited for any of it.
 */
@Injectable()
export class HttpCachePurger implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(HttpCachePurger.name);
  private readonly targets: Map<string, PurgeTarget>;
  private poll: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly listener: ArticleChangeListener,
    @InjectConfig('httpCache') config: ConfigSlice<'httpCache'>,
  ) {
    this.targets = new Map(config.purgeUrls.map((url) => [url, purgeTargetOf(url)]));
  }

  onApplicationBootstrap(): void {
    this.unsubscribe = this.listener.onPurgeQueued(() => this.flushIn(NOTIFIED_WAIT_MS));
    this.poll = setInterval(() => this.flush(), POLL_MS);
    this.poll.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.poll) clearInterval(this.poll);
    if (this.soon) clearTimeout(this.soon);
    await this.running;
  }

  private flushIn(delayMs: number): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.flush();
    }, delayMs);
  }

  /** One flush at a time per process; a call during one runs another after it. */
  private flush(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not send the shared cache purges; trying again'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.flush();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = await this.claim();
      if (rows.length > 0) await this.send(rows);
      if (rows.length < CLAIM_BATCH || this.stopped) break;
    }
    const nextDueMs = await this.nextDueInMs();
    if (nextDueMs !== null && nextDueMs < POLL_MS) this.flushIn(nextDueMs + 5);
  }

  /**
   * How long until the next row is due; null when the outbox is empty. (`greatest` skips a null, so
   * without the `having` an empty outbox read as due now and an idle API drained it in a loop.)
   */
  private async nextDueInMs(): Promise<number | null> {
    const row = await httpCacheDb(this.em.fork())
      .selectFrom('http_cache_purge')
      .select(sql<number>`greatest(0, ceil(extract(epoch from min(due_at) - clock_timestamp()) * 1000))::int`.as('wait'))
      .having(sql`count(*)`, '>', 0)
      .executeTakeFirst();
    return row?.wait ?? null;
  }

  private async claim(): Promise<ClaimedRow[]> {
    return httpCacheDb(this.em.fork())
      .deleteFrom('http_cache_purge')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('http_cache_purge')
          .select('id')
          .where('due_at', '<=', sql<Date>`clock_timestamp()`)
          .orderBy('id')
          .limit(CLAIM_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['keys', 'target', 'attempts'])
      .execute();
  }

  /** Every cache gets the keys of the rows meant for all caches and of its own retry rows, in one purge. */
  private async send(rows: ClaimedRow[]): Promise<void> {
    const forAll = rows.filter((row) => row.target === null);
    const work = [...this.targets.values()].map(async (target) => {
      const mine = rows.filter((row) => row.target === target.url);
      const keys = [...new Set([...forAll, ...mine].flatMap((row) => row.keys))].sort();
      if (keys.length === 0) return;
      const attempts = Math.max(0, ...mine.map((row) => row.attempts));
      try {
        await target.purge(keys);
      } catch (error) {
        await this.retryLater(target, keys, attempts + 1, error);
      }
    });
    await Promise.all(work);
  }

  private async retryLater(target: PurgeTarget, keys: string[], attempts: number, error: unknown): Promise<void> {
    if (attempts > MAX_ATTEMPTS) {
      this.logger.error({ err: error, cache: target.url, keys: keys.length }, 'Gave up purging a shared cache; its answers expire with their s-maxage');
      return;
    }
    const delayMs = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempts - 1));
    this.logger.warn({ err: error, cache: target.url, attempts, retryInMs: delayMs }, 'Could not purge a shared cache; trying again later');
    await httpCacheDb(this.em.fork())
      .insertInto('http_cache_purge')
      .values({ keys, target: target.url, attempts, due_at: sql<Date>`clock_timestamp() + ${delayMs} * interval '1 millisecond'` })
      .execute();
  }
}
