import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { pgPool, type PgPooledClient } from '../../database/pg-pool.js';
import { ArticlesCacheService } from './articles-cache.service.js';

/** The channel the article_history trigger notifies on every committed change but a reader's count. */
const CHANNEL = 'article_changed';
/** The channel the shared HTTP cache's purge outbox notifies on every row it is given (HttpCachePurger). */
export const PURGE_CHANNEL = 'http_cache_purge';
const RETRY_MS = 1000;
/** Subscribers hear of a burst of changes (a recovery batch) once. */
const COALESCE_MS = 20;
/** How long a writer waits for its own announcement to come back before acknowledging anyway. */
const ECHO_TIMEOUT_MS = 1000;

/**
 * Pushes every committed article change to this process's cache generation, whoever made it: this
 * API process, another one, a worker, or an operator's SQL run by hand (the article_history trigger
 * notifies on commit). Nothing is written anywhere per change: one NOTIFY reaches every process, and
 * each bumps its own generation in memory. Each API process listens on one connection of its pool;
 * while it is lost the cache serves nothing (ArticlesCacheService.isCaching), and a new connection
 * bumps the generation, since changes may have gone unheard in between.
 *
 * A writer's own invalidate() (after its commit) also announces itself: one pg_notify with a token,
 * resolved when the token comes back on this connection. PostgreSQL delivers notifications to every
 * listener in commit order, so by then the article's own notification has been sent to all of them.
 *
 * Subscribers (the admin panel's live events) are told of changes too, at most once per COALESCE_MS.
 * The same connection hears the purge outbox's notifications (PURGE_CHANNEL) for HttpCachePurger.
 */
@Injectable()
export class ArticleChangeListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ArticleChangeListener.name);
  private client: PgPooledClient | null = null;
  private readonly echoes = new Map<string, () => void>();
  private pending: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly subscribers = new Set<() => void>();
  private readonly purgeListeners = new Set<() => void>();

  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
  ) {}

  /** Calls `listener` after each (coalesced) committed change; answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** Calls `listener` whenever a purge is queued (and once on every new connection: some may have gone unheard). */
  onPurgeQueued(listener: () => void): () => void {
    this.purgeListeners.add(listener);
    return () => this.purgeListeners.delete(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  /** Before the ORM closes its pool, which waits for this connection to come back. */
  beforeApplicationShutdown(): void {
    this.stopped = true;
    if (this.pending) clearTimeout(this.pending);
    this.cache.setListening(false, null);
    for (const resolve of this.echoes.values()) resolve();
    if (this.retry) clearTimeout(this.retry);
    this.client?.release(true);
    this.client = null;
  }

  private async listen(): Promise<void> {
    let client: PgPooledClient | null = null;
    try {
      client = await (await pgPool(this.em)).connect();
      // A shutdown while connecting: the pool's close would wait for this connection for ever.
      if (this.stopped) {
        client.release(true);
        return;
      }
      const current = client;
      current.on('notification', (message) => {
        const { channel, payload } = (message ?? {}) as { channel?: string; payload?: string };
        if (channel === PURGE_CHANNEL) for (const listener of this.purgeListeners) listener();
        else this.changed(payload);
      });
      current.on('error', (error) => this.lost(current, error));
      await current.query(`listen ${CHANNEL}; listen ${PURGE_CHANNEL}`);
      this.client = current;
      this.cache.setListening(true, () => this.announce());
      for (const listener of this.purgeListeners) listener();
    } catch (error) {
      client?.release(true);
      this.logger.warn({ err: error }, 'Could not listen for article changes; retrying');
      this.scheduleRetry();
    }
  }

  private lost(client: PgPooledClient, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.cache.setListening(false, null);
    client.release(true);
    this.logger.warn({ err: error }, 'Lost the connection that listens for article changes; reconnecting');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) void this.listen();
    }, RETRY_MS);
  }

  private changed(payload: string | undefined): void {
    this.cache.bump();
    if (!this.pending) {
      this.pending = setTimeout(() => {
        this.pending = null;
        for (const subscriber of this.subscribers) subscriber();
      }, COALESCE_MS);
    }
    if (payload) {
      this.echoes.get(payload)?.();
      this.echoes.delete(payload);
    }
  }

  /** Tells every listening process of a change and resolves once it has come back here (or after ECHO_TIMEOUT_MS). */
  private async announce(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const token = randomUUID();
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.echoes.delete(token);
        resolve();
      }, ECHO_TIMEOUT_MS);
      this.echoes.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await (await pgPool(this.em)).query(`select pg_notify('${CHANNEL}', $1)`, [token]);
    } catch (error) {
      this.echoes.get(token)?.();
      this.echoes.delete(token);
      this.logger.warn({ err: error }, 'Could not announce an article change');
    }
    await heard;
  }
}
