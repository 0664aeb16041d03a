import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { publicRecordDb } from './tables.js';
import type { Correction, NewStoryReports, StoryReport } from '@ai-mind/contracts';
import { ArticleReads } from '../articles/index.js';
import { ProvenanceReader } from '../provenance/index.js';
import type { FeedItem } from '../trending/index.js';

/** How a report is known across refreshes: its link, or its outlet and title when it has none. */
const reportKey = (item: { link: string | null; source?: string; outlet?: string; title: string }) =>
  item.link ?? `${item.source ?? item.outlet}\n${item.title}`;

/**
 * Stories stay live: each trending refresh keeps adding the feed items of an approved story to its
 * topic, so the reports on a published article's story that it was not written from (its frozen
 * source set) and that no update note covers yet are the new ones, for the editor to update it from.
 */
@Injectable()
export class StoryUpdatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleReads,
    private readonly provenance: ProvenanceReader,
  ) {}

  /** The new reports on the story of a published article (none for an article no topic is behind). */
  async newReports(articleId: number): Promise<NewStoryReports> {
    const article = await this.articles.findPublishedById(articleId);
    if (!article) throw new NotFoundException({ error: 'Not Found', message: `No published article ${articleId}` });
    const topic = await publicRecordDb(this.em.fork())
      .selectFrom('approved_topic as a')
      .leftJoin('trending_topic as t', 't.id', 'a.trending_topic_id')
      .select(['a.id as approved_topic_id', 't.items'])
      .where('a.article_id', '=', articleId)
      .limit(1)
      .executeTakeFirst();
    if (!topic) return { articleId, title: article.title, reports: [] };
    return { articleId, title: article.title, reports: await this.unseen(topic.approved_topic_id, topic.items ?? [], article.corrections) };
  }

  /** Every published article whose story has new reports, with how many: the panel's list. */
  async storiesWithNewReports(): Promise<{ articleId: number; title: string; count: number }[]> {
    const rows = await publicRecordDb(this.em.fork())
      .selectFrom('approved_topic as a')
      .innerJoin('trending_topic as t', 't.id', 'a.trending_topic_id')
      .select(['a.article_id', 'a.id as approved_topic_id', 't.items'])
      .where('a.article_id', 'is not', null)
      .where((eb) => eb(eb.fn('jsonb_array_length', ['t.items']), '>', 0))
      .$narrowType<{ article_id: number }>()
      .execute();
    const published = new Map((await this.articles.findByIds(rows.map((row) => row.article_id))).filter((a) => a.approved).map((a) => [a.id, a]));
    const found: { articleId: number; title: string; count: number }[] = [];
    for (const row of rows) {
      const article = published.get(row.article_id);
      if (!article) continue;
      const count = (await this.unseen(row.approved_topic_id, row.items ?? [], article.corrections)).length;
      if (count > 0) found.push({ articleId: article.id, title: article.title, count });
    }
    return found;
  }

  private async unseen(approvedTopicId: number, items: FeedItem[], notes: Correction[]): Promise<StoryReport[]> {
    const seen = new Set((await this.provenance.sourcesOfTopic(approvedTopicId)).map(reportKey));
    for (const note of notes) for (const link of note.covers ?? []) seen.add(link);
    return items
      .filter((item) => !seen.has(reportKey(item)))
      .map((item) => ({ outlet: item.source, title: item.title, summary: item.summary, link: item.link, publishedAt: item.publishedAt }));
  }
}
