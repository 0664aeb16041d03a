import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  DEFAULT_MIN_INDEPENDENT_OUTLETS,
  outletMix,
  type ArticleOutletMix,
  type ListedOutlet,
  type StoryOutletMixes,
  type OutletMix as OutletMixDto,
  type TrendingOutletMix,
} from '@ai-mind/contracts';
import { outletsDb } from './tables.js';

/** Whether the AI may write from an approved topic: enough independent outlets, or the editor's single-source override. */
export interface SourcingVerdict {
  allowed: boolean;
  independentOutlets: number;
  required: number;
  singleSource: boolean;
  /** Why not, in words for the editor (kept as the topic's error); null when allowed. */
  reason: string | null;
}

/**
 * Who covers a story (docs/independent-sources.md): the outlet mix of a trending topic, of an
 * approved topic's frozen sources, or of the topic an article was written from, judged against the
 * owner's list and setting as they are now. Each read takes the caller's `em` where it may be inside
 * a transaction (the approval), so it sees what that transaction sees.
 */
/** As many stories as the admin's Stories tab lists (the newest). */
const STORIES_LISTED = 200;

@Injectable()
export class OutletMix {
  constructor(private readonly em: EntityManager) {}

  /** The owner's list as the mix reads it. */
  async listed(em: EntityManager = this.em.fork()): Promise<ListedOutlet[]> {
    return outletsDb(em).selectFrom('outlet').select(['name', 'owner', 'side']).execute();
  }

  /** The independent outlets a topic needs before the AI may write from it without the override. */
  async minIndependentOutlets(em: EntityManager = this.em.fork()): Promise<number> {
    const row = await outletsDb(em).selectFrom('sourcing_settings').select('min_independent_outlets').where('id', '=', 1).executeTakeFirst();
    return row?.min_independent_outlets ?? DEFAULT_MIN_INDEPENDENT_OUTLETS;
  }

  /** The mix of these items (each names its outlet), by the list as `em` sees it. */
  async ofItems(items: readonly { outlet: string }[], em: EntityManager = this.em.fork()): Promise<OutletMixDto> {
    return outletMix(items, await this.listed(em));
  }

  /** Each undecided trending topic's mix (a topic stored before items were kept counts its own outlet). */
  async ofTrendingTopics(): Promise<TrendingOutletMix> {
    const em = this.em.fork();
    const db = outletsDb(em);
    const [topics, list, required] = await Promise.all([
      db
        .selectFrom('trending_topic')
        .select(['id', 'source'])
        // Only the outlet of each item, not its text: a JSON path in PostgreSQL, which the builder cannot say.
        .select(sql<string[]>`jsonb_path_query_array(items, '$[*].source')`.as('outlets'))
        .where('status', '=', 'new')
        .execute(),
      this.listed(em),
      this.minIndependentOutlets(em),
    ]);
    return {
      minIndependentOutlets: required,
      topics: topics.map((topic) => {
        const outlets = topic.outlets?.length ? topic.outlets : [topic.source];
        return {
          topicId: topic.id,
          mix: outletMix(
            outlets.map((outlet) => ({ outlet })),
            list,
          ),
        };
      }),
    };
  }

  /**
   * The mix of each of the newest stories (as many as the Stories tab lists): every report on it, those
   * it was approved on and those that arrived since, so the editor sees who covers the story now.
   */
  async ofStories(): Promise<StoryOutletMixes> {
    const em = this.em.fork();
    const db = outletsDb(em);
    const [reports, list, required] = await Promise.all([
      db
        .selectFrom('story_report as r')
        .innerJoin(
          (eb) => eb.selectFrom('story').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(STORIES_LISTED).as('s'),
          (join) => join.onRef('s.id', '=', 'r.story_id'),
        )
        .select(['r.story_id', 'r.outlet'])
        .select((eb) => eb.fn.countAll<string>().as('items'))
        .groupBy(['r.story_id', 'r.outlet'])
        .execute(),
      this.listed(em),
      this.minIndependentOutlets(em),
    ]);
    const byStory = new Map<number, { outlet: string }[]>();
    for (const row of reports) {
      const items = byStory.get(row.story_id) ?? [];
      for (let n = Number(row.items); n > 0; n--) items.push({ outlet: row.outlet });
      byStory.set(row.story_id, items);
    }
    return {
      minIndependentOutlets: required,
      stories: [...byStory].map(([storyId, items]) => ({ storyId, mix: outletMix(items, list) })),
    };
  }

  /** The mix of an approved topic's frozen sources. */
  async ofApprovedTopic(approvedTopicId: number, em: EntityManager = this.em.fork()): Promise<OutletMixDto> {
    const sources = await outletsDb(em).selectFrom('topic_source').select('outlet').where('approved_topic_id', '=', approvedTopicId).execute();
    return outletMix(sources, await this.listed(em));
  }

  /** The topic an article was written from: its mix now, and how it was approved. */
  async ofArticle(articleId: number): Promise<ArticleOutletMix> {
    const em = this.em.fork();
    const [topic, required] = await Promise.all([
      outletsDb(em)
        .selectFrom('approved_topic')
        .select(['id', 'single_source', 'single_source_note', 'independent_outlets'])
        .where('article_id', '=', articleId)
        .executeTakeFirst(),
      this.minIndependentOutlets(em),
    ]);
    return {
      articleId,
      approvedTopicId: topic?.id ?? null,
      singleSource: topic?.single_source ?? false,
      note: topic?.single_source_note ?? null,
      independentOutletsAtApproval: topic?.independent_outlets ?? null,
      mix: topic ? await this.ofApprovedTopic(topic.id, em) : null,
      minIndependentOutlets: required,
    };
  }

  /**
   * Whether the AI may write from the approved topic now: asked again by the generator and the
   * automation hand-off, not only at approval, so a topic that reached the table another way (SQL, an
   * older version) without the override and below the setting is not written.
   */
  async verdict(approvedTopicId: number): Promise<SourcingVerdict> {
    const em = this.em.fork();
    const [topic, mix, required] = await Promise.all([
      outletsDb(em).selectFrom('approved_topic').select(['single_source', 'single_source_note']).where('id', '=', approvedTopicId).executeTakeFirst(),
      this.ofApprovedTopic(approvedTopicId, em),
      this.minIndependentOutlets(em),
    ]);
    const singleSource = Boolean(topic?.single_source && topic.single_source_note?.trim());
    const allowed = mix.independentOutlets >= required || singleSource;
    return {
      allowed,
      independentOutlets: mix.independentOutlets,
      required,
      singleSource,
      reason: allowed
        ? null
        : `Not written: its sources come from ${mix.independentOutlets} independent outlet${mix.independentOutlets === 1 ? '' : 's'}, fewer than the ${required} the newsroom requires, and it was not approved as single-source with an editor's note.`,
    };
  }
}
