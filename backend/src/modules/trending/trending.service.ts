import { GatewayTimeoutException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TRENDING_FEED_SIZE, type TrendingItem, type TrendingSourcesResponse, type TrendingTopic as TrendingTopicDto } from '@ai-mind/contracts';
import { RenderedJsonMemo, type RenderedJson } from '../../common/http-cache.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer, JobTimeoutError } from '../../queue/job-producer.service.js';
import { TrendingRefresh } from './trending-refresh.entity.js';
import { TrendingSource } from './trending-source.entity.js';
import { TrendingTopic } from './trending-topic.entity.js';

/**
 * How long each API process reuses the public feed: at most two reads a second per process instead
 * of one per page view, and short enough that a refresh's purge of the shared caches (due once no
 * process holds the old feed, see trending-purge.sql.ts) reaches readers within a second.
 */
export const TRENDING_FEED_REUSE_MS = 500;

@Injectable()
export class TrendingService {
  private feedCache?: { items: Promise<TrendingItem[]>; expiresAt: number };
  private readonly rendered = new RenderedJsonMemo();

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobProducer,
    @InjectConfig('trending') private readonly config: ConfigSlice<'trending'>,
  ) {}

  /** Asks a worker to refresh from the feeds now and waits for it, up to TRENDING_REFRESH_WAIT_MS. */
  async refreshNow(): Promise<void> {
    try {
      await this.jobs.run('trending-refresh', { trigger: 'manual' }, { timeoutMs: this.config.refreshWaitMs });
    } catch (error) {
      if (!(error instanceof JobTimeoutError)) throw error;
      const seconds = Math.max(1, Math.round(this.config.refreshWaitMs / 1000));
      throw new GatewayTimeoutException({
        error: 'Gateway Timeout',
        message: `Refreshing the news feeds took longer than ${seconds} s; it carries on in the background, try again in a moment.`,
      });
    }
  }

  /** Asks a worker to refresh from the feeds, without waiting for it (Refresh Data). */
  async requestRefresh(): Promise<void> {
    await this.jobs.enqueue('trending-refresh', { trigger: 'manual' });
  }

  /** The configured feeds with the outcome of their last fetch, and when topics were last refreshed. */
  async sources(): Promise<TrendingSourcesResponse> {
    const em = this.em.fork();
    const [rows, [last]] = await Promise.all([
      em.find(TrendingSource, { url: { $in: this.config.feeds } }, { orderBy: { id: 'asc' } }),
      em.find(TrendingRefresh, {}, { orderBy: { finishedAt: 'desc' }, limit: 1 }),
    ]);
    const byUrl = new Map(rows.map((row) => [row.url, row]));
    return {
      mode: this.config.feeds.length ? 'feeds' : 'snapshot',
      lastRefreshAt: last?.finishedAt.toISOString() ?? null,
      sources: this.config.feeds.map((url) => {
        const row = byUrl.get(url);
        return {
          url,
          name: row?.name ?? new URL(url).hostname,
          lastStatus: row?.lastStatus ?? 'pending',
          lastError: row?.lastError ?? null,
          lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null,
          lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
          itemCount: row?.items?.length ?? 0,
        };
      }),
    };
  }

  /** The public feed: the most-discussed topics first (served by the mentions index), reused for TRENDING_FEED_REUSE_MS. */
  private feed(): Promise<TrendingItem[]> {
    const now = Date.now();
    if (!this.feedCache || this.feedCache.expiresAt <= now) {
      const items = this.loadFeed();
      this.feedCache = { items, expiresAt: now + TRENDING_FEED_REUSE_MS };
      // A failed read is not kept: the next reader tries again.
      items.catch(() => {
        if (this.feedCache?.items === items) this.feedCache = undefined;
      });
    }
    return this.feedCache.items;
  }

  /** Until when the feed just rendered is reused (a prepared answer of it lives as long). */
  feedReusedUntil(): number {
    return this.feedCache?.expiresAt ?? 0;
  }

  /** The public feed as JSON bytes, serialised once per reuse window. */
  async renderFeed(): Promise<RenderedJson> {
    const items = await this.feed();
    return this.rendered.render(items, '', () => items);
  }

  private async loadFeed(): Promise<TrendingItem[]> {
    // A fork: the result is shared by every reader within the reuse window, not tied to one request.
    const topics = await this.em
      .fork()
      .find(
        TrendingTopic,
        { mentions: { $gt: 0 } },
        { orderBy: { mentions: 'desc', id: 'asc' }, limit: TRENDING_FEED_SIZE, fields: ['id', 'topic', 'category', 'mentions'] },
      );
    return topics.map(({ id, topic, category, mentions }) => ({ id, topic, category, mentions }));
  }

  /** The admin's list: the topics still waiting for a decision, most-discussed first. */
  async listAll(): Promise<TrendingTopicDto[]> {
    const topics = await this.em.fork().find(TrendingTopic, { status: 'new' }, { orderBy: { mentions: 'desc', id: 'asc' } });
    return topics.map(({ id, topic, source, priority, category, mentions, trend, sourceUrl }) => ({
      id,
      topic,
      source,
      priority,
      category,
      mentions,
      trend,
      sourceUrl: sourceUrl ?? null,
    }));
  }
}
