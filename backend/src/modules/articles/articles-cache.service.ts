import { Injectable } from '@nestjs/common';

/** An upper bound on staleness should an invalidation ever be missed (e.g. a direct SQL fix). */
export const ARTICLE_CACHE_TTL_SECONDS = 300;
/**
 * What each process keeps, counted in (approximate) bytes rather than entries: a list page is a few
 * kilobytes, a long article tens of kilobytes, so an entry count says little about memory. Part of the
 * API's memory budget (docs/benchmark.md "Memory"), with the prepared answers' PREPARED_MAX_BYTES.
 */
export const ARTICLE_CACHE_MAX_BYTES = 8 * 1024 * 1024;

interface LocalEntry {
  value: unknown;
  bytes: number;
  expiresAt: number;
}

/** Announces a change to every other API process and resolves once it has been heard (ArticleChangeListener). */
export type ChangeAnnouncer = () => Promise<void>;

/**
 * Cache of what readers fetch most: list pages, search pages, single articles, the sitemap and the
 * feed, kept in each API process's memory and scoped to a generation that every process keeps in
 * memory too. A change to published content is pushed, never polled: PostgreSQL notifies every
 * API process of each committed article change (the article_history trigger, whoever wrote it:
 * this process, a worker, SQL by hand) and ArticleChangeListener bumps the generation here. The
 * writer bumps its own generation at once and waits until its announcement has come back through
 * PostgreSQL, so by the time an edit is acknowledged every listening process has been told.
 *
 * Reads check nothing remote: the generation is a number in memory (`currentGeneration()`), so a
 * cache hit costs a map lookup. While no listener is connected (a worker process, or the listening
 * connection was lost), nothing is cached: every read is computed, so nothing stale can be served
 * while changes might go unheard. Callers must not mutate what they get back.
 */
@Injectable()
export class ArticlesCacheService {
  /** Insertion-ordered, so the first key is the least recently used. */
  private readonly local = new Map<string, LocalEntry>();
  /** Computations under way, so that 50 readers of a page that just expired cost one query. */
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<(generation: number) => void>();
  private bytes = 0;
  private generation = 0;
  private announcer: ChangeAnnouncer | null = null;
  private heard = false;

  /**
   * The cached value of `key`, or `compute()`'s result, kept for the next reader of this generation
   * unless `keep` says otherwise (a page that turned out not to exist is answered, never kept).
   */
  async remember<T>(key: string, compute: () => Promise<T>, ttlSeconds = ARTICLE_CACHE_TTL_SECONDS, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.isCaching()) return compute();
    const entryKey = `${this.generation}:${key}`;
    const local = this.fromMemory<T>(entryKey);
    if (local !== undefined) return local;
    const running = this.inFlight.get(entryKey);
    if (running) return running as Promise<T>;
    const generation = this.generation;
    const computing = compute().then(
      (value) => {
        this.inFlight.delete(entryKey);
        // A change that committed while this was computed makes it an entry nobody asks for again.
        if (this.generation === generation && keep(value)) this.keep(entryKey, value, ttlSeconds);
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(entryKey);
        throw error;
      },
    );
    this.inFlight.set(entryKey, computing);
    return computing;
  }

  /**
   * Drops every cached list, article, sitemap and feed in this process at once, and in every other
   * API process before it resolves. Call it after an article is published, edited, unpublished or
   * deleted (ArticleWriter does, after its commit).
   */
  async invalidate(): Promise<void> {
    this.bump();
    if (this.announcer) await this.announcer();
  }

  /** A change was heard (or may have been missed): a new generation here, nothing sent anywhere. */
  bump(): void {
    this.generation += 1;
    this.local.clear();
    this.bytes = 0;
    for (const listener of this.listeners) listener(this.generation);
  }

  /** This process's generation: it changes on every change to published content. */
  currentGeneration(): number {
    return this.generation;
  }

  /**
   * A check, cheap enough for every request, that what is read from this cache now is still what it
   * would give: the same generation, changes still heard, and no older than the cache's TTL (the
   * bound on staleness should an invalidation ever be missed).
   */
  currentness(ttlSeconds = ARTICLE_CACHE_TTL_SECONDS): () => boolean {
    const generation = this.generation;
    const until = Date.now() + ttlSeconds * 1000;
    return () => this.heard && this.generation === generation && Date.now() < until;
  }

  /** Whether changes are being heard, so that what is cached now can be served later. */
  isCaching(): boolean {
    return this.heard;
  }

  /** Called with the new generation on every change; returns the unsubscribe function. */
  onChange(listener: (generation: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The listener's side: `listening` says whether changes are heard now (a lost connection turns
   * caching off and bumps the generation; a new one bumps it again, since changes may have gone
   * unheard in between); `announcer` tells the other processes of this one's changes.
   */
  setListening(listening: boolean, announcer: ChangeAnnouncer | null): void {
    this.heard = listening;
    this.announcer = listening ? announcer : null;
    this.bump();
  }

  /** Approximate bytes held, for the memory notes of the benchmark. */
  heldBytes(): number {
    return this.bytes;
  }

  private fromMemory<T>(entryKey: string): T | undefined {
    const entry = this.local.get(entryKey);
    if (!entry) return undefined;
    this.local.delete(entryKey);
    if (entry.expiresAt <= Date.now()) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.local.set(entryKey, entry);
    return entry.value as T;
  }

  private keep(entryKey: string, value: unknown, ttlSeconds: number): void {
    const bytes = approximateBytes(value);
    if (bytes > ARTICLE_CACHE_MAX_BYTES / 4) return;
    const old = this.local.get(entryKey);
    if (old) {
      this.local.delete(entryKey);
      this.bytes -= old.bytes;
    }
    this.local.set(entryKey, { value, bytes, expiresAt: Date.now() + ttlSeconds * 1000 });
    this.bytes += bytes;
    while (this.bytes > ARTICLE_CACHE_MAX_BYTES) {
      const [oldestKey, oldest] = this.local.entries().next().value!;
      this.local.delete(oldestKey);
      this.bytes -= oldest.bytes;
    }
  }
}

/** Strings count twice their length (UTF-16 in V8), plus the objects around them; serialising once per computed entry is cheap next to computing it. */
function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return value.length * 2 + 64;
  if (Buffer.isBuffer(value)) return value.length + 64;
  try {
    return (JSON.stringify(value)?.length ?? 16) * 3;
  } catch {
    return 64 * 1024;
  }
}
