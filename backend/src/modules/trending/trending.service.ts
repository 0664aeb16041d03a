import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TRENDING_FEED_SIZE, type TrendingItem, type TrendingTopic as TrendingTopicDto } from '@ai-mind/contracts';
import { TrendingTopic } from './trending-topic.entity.js';

@Injectable()
export class TrendingService {
  constructor(private readonly em: EntityManager) {}

  /** The public feed: the most-discussed topics first (served by the mentions index). */
  async feed(): Promise<TrendingItem[]> {
    const topics = await this.em.find(
      TrendingTopic,
      {},
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
