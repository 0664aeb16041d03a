import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import type { FeedItem } from '../trending/index.js';
import { contentHash, textOfPage } from './page-text.js';
import { fetchPage } from './safe-page-fetcher.js';
import { TopicSource } from './topic-source.entity.js';

/** The most sources one topic keeps: more outlets than any story needs to be told from. */
export const MAX_SOURCES = 12;
/** Pages of one topic fetched at once. */
const FETCH_CONCURRENCY = 4;

/** Earliest first (the outlet that broke the story is [1]), then by outlet, so numbering is stable. */
function byPublication(a: FeedItem, b: FeedItem): number {
  const time = (item: FeedItem) => (item.publishedAt ? Date.parse(item.publishedAt) : Number.MAX_SAFE_INTEGER);
  return time(a) - time(b) || a.source.localeCompare(b.source) || a.title.localeCompare(b.title);
}

/** An item's summary (or its title) as its text, when its page is not to be had. */
function feedText(item: { summary: string; title: string }): string {
  return item.summary.trim() || item.title.trim();
}

/**
 * The source set of an approved topic: frozen from the trending topic's feed items at approval, then
 * each page fetched (SSRF-safe, bounded) and its main text kept with the fetch time and a hash.
 */
@Injectable()
export class SourceSetService {
  private readonly logger = new Logger(SourceSetService.name);

  constructor(
    private readonly em: EntityManager,
    @InjectConfig('sources') private readonly config: ConfigSlice<'sources'>,
  ) {}

  /**
   * Freezes `items` as the topic's sources, in the approval's transaction `em`. With page fetching off
   * (the offline default) each source's text is its feed summary at once (`feed_only`); otherwise a
   * source with a link waits as `pending` for fetchPending.
   */
  freeze(em: EntityManager, approvedTopicId: number, items: FeedItem[]): number {
    const unique = [...new Map(items.map((item) => [item.link ?? `${item.source}\n${item.title}`, item])).values()];
    const chosen = unique.sort(byPublication).slice(0, MAX_SOURCES);
    const now = new Date();
    chosen.forEach((item, index) => {
      const pending = this.config.fetchPages && item.link !== null;
      const text = pending ? null : feedText(item);
      em.create(TopicSource, {
        approvedTopicId,
        number: index + 1,
        outlet: item.source.slice(0, 200),
        title: item.title.slice(0, 300),
        summary: item.summary,
        link: item.link,
        publishedAt: item.publishedAt ? new Date(item.publishedAt) : null,
        fetchStatus: pending ? 'pending' : 'feed_only',
        fetchError: null,
        fetchedAt: pending ? null : now,
        contentHash: text === null ? null : contentHash(text),
        text,
      });
    });
    return chosen.length;
  }

  /** Fetches every pending source of the topic; each ends fetched, blocked or failed with its reason. Never throws for a page. */
  async fetchPending(approvedTopicId: number): Promise<void> {
    const pending = await this.em.fork().find(TopicSource, { approvedTopicId, fetchStatus: 'pending' }, { orderBy: { number: 'asc' } });
    for (let start = 0; start < pending.length; start += FETCH_CONCURRENCY) {
      await Promise.all(pending.slice(start, start + FETCH_CONCURRENCY).map((source) => this.fetchOne(source)));
    }
  }

  private async fetchOne(source: TopicSource): Promise<void> {
    const { timeoutMs, maxPageBytes, maxRedirects, trustedOrigins } = this.config;
    const result = await fetchPage(source.link!, { timeoutMs, maxBytes: maxPageBytes, maxRedirects, trustedOrigins });
    const fetchedAt = new Date();
    let update: Pick<TopicSource, 'fetchStatus' | 'fetchError' | 'text' | 'contentHash'>;
    if (result.status === 'ok') {
      const text = textOfPage(result.body, result.contentType);
      update = text
        ? { fetchStatus: 'fetched', fetchError: null, text, contentHash: contentHash(text) }
        : { fetchStatus: 'failed', fetchError: 'No readable article text on the page', text: null, contentHash: null };
    } else {
      update = { fetchStatus: result.status, fetchError: result.error.slice(0, 1000), text: null, contentHash: null };
    }
    if (update.fetchStatus !== 'fetched') this.logger.warn({ link: source.link, status: update.fetchStatus, error: update.fetchError }, 'Source page not had');
    // Only a source still pending is written: a second job fetching the same topic changes nothing twice.
    await this.em.fork().nativeUpdate(TopicSource, { id: source.id, fetchStatus: 'pending' }, { ...update, fetchedAt });
  }
}
