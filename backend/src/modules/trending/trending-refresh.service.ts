import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { trendingDb } from './tables.js';
import type { TrendingRefreshPayload, TrendingRefreshResult } from '../../queue/job-types.js';
import { fetchFeed } from './feed-fetcher.js';
import { FEED_SNAPSHOT_ITEMS } from './feed-snapshot.js';
import { clusterItems, type FeedItem } from './topic-clustering.js';
import { storeClusters } from './topic-store.js';
import { TrendingRefresh } from './trending-refresh.entity.js';
import { TrendingSource } from './trending-source.entity.js';

/** Worker side: fetches every configured feed (or takes the bundled snapshot), clusters, stores topics. */
@Injectable()
export class TrendingRefreshService {
  private readonly logger = new Logger(TrendingRefreshService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectConfig('trending') private readonly config: ConfigSlice<'trending'>,
  ) {}

  async refresh(trigger: TrendingRefreshPayload['trigger']): Promise<TrendingRefreshResult> {
    const startedAt = new Date();
    const { items, failedSources } = this.config.feeds.length ? await this.fetchSources() : { items: FEED_SNAPSHOT_ITEMS, failedSources: 0 };
    const { similarityThreshold, highPriorityMentions, maxTopics } = this.config;
    const topicCount = await storeClusters(this.em.fork(), clusterItems(items, similarityThreshold), { similarityThreshold, highPriorityMentions, maxTopics });
    const em = this.em.fork();
    const run = em.create(TrendingRefresh, { trigger, startedAt, finishedAt: new Date(), itemCount: items.length, topicCount, failedSources });
    await em.flush();
    this.logger.log({ trigger, items: items.length, topics: topicCount, failedSources }, 'Trending topics refreshed');
    return { refreshId: run.id, itemCount: items.length, topicCount, failedSources };
  }

  /** Every source is fetched on its own: a failure is recorded on its row and its last good items are used. */
  private async fetchSources(): Promise<{ items: FeedItem[]; failedSources: number }> {
    const results = await Promise.all(this.config.feeds.map((url) => this.fetchSource(url)));
    return { items: results.flatMap((result) => result.items), failedSources: results.filter((result) => !result.ok).length };
  }

  private async fetchSource(url: string): Promise<{ items: FeedItem[]; ok: boolean }> {
    const em = this.em.fork();
    // Two workers may meet a new source at once: the row is created idempotently, then read.
    await trendingDb(em)
      .insertInto('trending_source')
      .values({ url, name: new URL(url).hostname })
      .onConflict((conflict) => conflict.column('url').doNothing())
      .execute();
    const source = await em.findOneOrFail(TrendingSource, { url });
    const result = await fetchFeed(
      url,
      { etag: source.etag ?? null, lastModified: source.lastModified ?? null },
      {
        timeoutMs: this.config.fetchTimeoutMs,
        maxBytes: this.config.maxFeedBytes,
      },
    );
    const now = new Date();
    source.lastFetchedAt = now;
    source.lastStatus = result.status;
    if (result.status === 'error') {
      source.lastError = result.error;
      this.logger.warn({ url, error: result.error }, 'Trending source failed; using its last good items');
    } else {
      source.lastError = null;
      source.lastSuccessAt = now;
    }
    if (result.status === 'ok') {
      Object.assign(source, {
        name: result.title.slice(0, 200),
        etag: result.etag,
        lastModified: result.lastModified?.slice(0, 100) ?? null,
        items: result.items,
      });
    }
    await em.flush();
    return { items: source.items ?? [], ok: result.status !== 'error' };
  }
}
