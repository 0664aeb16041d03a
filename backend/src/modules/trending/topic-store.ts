import { ConflictException, NotFoundException } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isSameStory, trendOf, type FeedItem, type StoryCluster } from './topic-clustering.js';
import { TrendingTopic } from './trending-topic.entity.js';

export interface TopicStoreOptions {
  similarityThreshold: number;
  highPriorityMentions: number;
  maxTopics: number;
}

/** How long a decided (approved or declined) story is remembered, so it does not come back as new. */
const DECISION_MEMORY_DAYS = 30;
const MAX_REMEMBERED_LINKS = 200;
/** Feed items kept per story: its sources, newest reports first when a story grows past it. */
const MAX_KEPT_ITEMS = 50;
/** Serialises refreshes across the cluster: two workers never rewrite the topic list at once. */
const REFRESH_LOCK_KEY = 7_301_001;

/**
 * Turns this refresh's story clusters into the stored topic list, in one transaction:
 * - a cluster matching an undecided topic updates it (mentions, trend against the previous refresh,
 *   priority, category, sourceUrl) and adds its feed items to the topic's; an unmatched cluster
 *   becomes a new topic with its items;
 * - a cluster matching an approved or declined story is not offered again (its memory is refreshed);
 * - undecided topics no feed mentions any more are dropped; decided ones are kept with 0 mentions.
 * Returns how many topics are on offer after the refresh. Each statement that changes the topics
 * queues the purge of the `trending` key (the http_cache_trending trigger, trending-purge.sql.ts).
 */
export async function storeClusters(em: EntityManager, clusters: StoryCluster[], options: TopicStoreOptions, now = new Date()): Promise<number> {
  return em.transactional(async (tx) => {
    // Raw: a PostgreSQL advisory lock is a function call for its effect, not a query of any table.
    await tx.execute('select pg_advisory_xact_lock(?)', [REFRESH_LOCK_KEY]);
    const known = await tx.find(
      TrendingTopic,
      {
        $or: [{ status: 'new' }, { updatedAt: { $gte: new Date(now.getTime() - DECISION_MEMORY_DAYS * 86_400_000) } }],
      },
      { populate: ['items'] },
    );
    const matched = new Set<number>();
    let offered = 0;

    for (const cluster of clusters) {
      const mentions = cluster.items.length;
      const links = cluster.items.map((item) => item.link).filter((link): link is string => link !== null);
      const story = known.find(
        (topic) => !matched.has(topic.id) && isSameStory(cluster, { topic: topic.topic, itemLinks: topic.itemLinks ?? [] }, options.similarityThreshold),
      );
      if (story) {
        matched.add(story.id);
        story.previousMentions = story.mentions;
        story.mentions = mentions;
        story.trend = trendOf(mentions, story.previousMentions);
        story.itemLinks = [...new Set([...links, ...(story.itemLinks ?? [])])].slice(0, MAX_REMEMBERED_LINKS);
        story.items = mergeItems(cluster.items, story.items ?? []);
        story.lastSeenAt = now;
        if (story.status !== 'new') continue;
        Object.assign(story, describe(cluster, options));
        offered++;
        continue;
      }
      if (offered >= options.maxTopics) continue;
      const title = cluster.representative.title.slice(0, 300);
      if (known.some((topic) => topic.topic === title)) continue;
      tx.create(TrendingTopic, {
        topic: title,
        ...describe(cluster, options),
        mentions,
        previousMentions: null,
        trend: trendOf(mentions, null),
        itemLinks: links.slice(0, MAX_REMEMBERED_LINKS),
        items: mergeItems(cluster.items, []),
        lastSeenAt: now,
        status: 'new',
      });
      offered++;
    }

    for (const topic of known) {
      if (matched.has(topic.id)) continue;
      if (topic.status === 'new') {
        tx.remove(topic);
      } else if (topic.mentions !== 0) {
        topic.previousMentions = topic.mentions;
        topic.mentions = 0;
        topic.trend = 'falling';
      }
    }
    await tx.flush();
    return offered;
  });
}

function describe(cluster: StoryCluster, options: TopicStoreOptions) {
  return {
    source: cluster.representative.source.slice(0, 200),
    sourceUrl: cluster.representative.link,
    category: cluster.category,
    priority: cluster.items.length >= options.highPriorityMentions ? 'high' : 'normal',
  };
}

/** This refresh's items first, then the ones kept from before that it no longer lists, each link once. */
function mergeItems(fresh: FeedItem[], kept: FeedItem[]): FeedItem[] {
  const byKey = new Map<string, FeedItem>();
  for (const item of [...fresh, ...kept]) {
    const key = item.link ?? `${item.source}\n${item.title}`;
    if (!byKey.has(key)) byKey.set(key, item);
  }
  return [...byKey.values()].slice(0, MAX_KEPT_ITEMS);
}

/**
 * Takes an undecided topic for approval, with its feed items, in the transaction `em` that records the
 * approval (that transaction's flush writes the status). Not Found, or Conflict when already decided.
 */
export async function takeForApproval(em: EntityManager, topicId: number): Promise<TrendingTopic> {
  const trending = await em.findOne(TrendingTopic, topicId, { populate: ['items'] });
  if (!trending) throw new NotFoundException({ error: 'Not Found', message: `Trending topic ${topicId} not found` });
  if (trending.status !== 'new') throw new ConflictException({ error: 'Conflict', message: `Topic "${trending.topic}" was already ${trending.status}` });
  trending.status = 'approved';
  return trending;
}

/** Declines a topic still undecided (re-checked in the statement that declines it); false when there is none. */
export async function declineTopic(em: EntityManager, topicId: number): Promise<boolean> {
  return (await em.nativeUpdate(TrendingTopic, { id: topicId, status: 'new' }, { status: 'declined' })) > 0;
}
