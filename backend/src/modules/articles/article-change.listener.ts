import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ArticlesCacheService } from './articles-cache.service.js';

/** The channel the article_history trigger notifies on every committed change but a reader's count. */
const CHANNEL = 'article_changed';
/** Notifications closer together than this (a recovery batch, a burst of edits) drop the caches once. */
const COALESCE_MS = 20;
const RETRY_MS = 1000;

/** The part of a `pg` pooled client this listener uses (`pg` ships no types). */
interface ListeningClient {
  query(sql: string): Promise<unknown>;
  on(event: 'notification' | 'error', listener: (arg?: unknown) => void): void;
  release(destroy?: boolean): void;
}

/**
 * Drops the public caches on every committed article change, whoever made it (and tells its
 * subscribers, such as the admin panel's live events): this API process, a
 * worker, or an operator's SQL run by hand (the store also drops them itself after its own commits,
 * so its writer reads its own change at once). Each API process listens on one connection of its
 * pool; a lost connection is replaced, and the caches dropped, since changes may have gone unheard.
 */
@Injectable()
export class ArticleChangeListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ArticleChangeListener.name);
  private client: ListeningClient | null = null;
  private pending: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly subscribers = new Set<() => void>();

  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
  ) {}

  /** Calls `listener` after each (coalesced) committed change; answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  /** Before the ORM closes its pool, which waits for this connection to come back. */
  beforeApplicationShutdown(): void {
    this.stopped = true;
    if (this.pending) clearTimeout(this.pending);
    if (this.retry) clearTimeout(this.retry);
    this.client?.release(true);
    this.client = null;
  }

  private async listen(): Promise<void> {
    let client: ListeningClient | null = null;
    try {
      const pool = (await this.em.getConnection().getNativeClient()) as unknown as { connect(): Promise<ListeningClient> };
      client = await pool.connect();
      const current = client;
      current.on('notification', () => this.changed());
      current.on('error', (error) => this.lost(current, error));
      await current.query(`listen ${CHANNEL}`);
      this.client = current;
      await this.cache.invalidate();
    } catch (error) {
      client?.release(true);
      this.logger.warn({ err: error }, 'Could not listen for article changes; retrying');
      this.scheduleRetry();
    }
  }

  private lost(client: ListeningClient, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.release(true);
    this.logger.warn({ err: error }, 'Lost the connection that listens for article changes; reconnecting');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, RETRY_MS);
  }

  private changed(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      this.cache.invalidate().catch((error: unknown) => this.logger.warn({ err: error }, 'Could not drop the article caches'));
      for (const subscriber of this.subscribers) subscriber();
    }, COALESCE_MS);
  }
}
