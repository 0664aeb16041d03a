import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AdminStory, ArticleStory, PublicStory, StoryArticleRef, StoryReportRef, StoryTimelineEntry } from '@ai-mind/contracts';
import { ArticlesCacheService } from '../articles/index.js';
import { storyChange, type ArticleVersion } from './story-changes.js';
import { storiesDb } from './tables.js';

/** Moments a story's page shows (newest first); reports shown with them. */
const TIMELINE_EVENTS = 200;
const TIMELINE_REPORTS = 200;
/** The notes whose "what changed" is computed (the newest): two article versions read and compared each. */
const CHANGES_COMPUTED = 20;
/** Stories the sitemap lists, most recently updated first (a sitemap file holds 50,000 URLs). */
const SITEMAP_STORIES = 10_000;
/** Stories the admin's view lists, newest first. */
const ADMIN_STORIES = 200;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Reading stories: a story's public page (its published articles, and its timeline of publications,
 * notes with what changed, and reports as they arrived), the story an article page links to, and the
 * admin's list. Readers' reads are kept with the published articles (ArticlesCacheService): the
 * stories' triggers announce every change on the same channel (article_changed).
 */
@Injectable()
export class StoryReads {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
  ) {}

  /** A story's page; null when there is no such story or none of its articles is published. */
  publicStory(slug: string): Promise<PublicStory | null> {
    return this.cache.remember(`story:${slug}`, () => this.readStory(slug));
  }

  /** The story a published article is in, with how many updates it has; null for an unpublished article or one in no story. */
  articleStory(articleId: number): Promise<ArticleStory & { storyId: number | null }> {
    return this.cache.remember(`article-story:${articleId}`, async () => {
      const row = await storiesDb(this.em.fork())
        .selectFrom('story_article as sa')
        .innerJoin('story as s', 's.id', 'sa.story_id')
        .innerJoin('article as a', 'a.id', 'sa.article_id')
        .select(['s.id', 's.slug', 's.title'])
        .select((eb) =>
          eb
            .selectFrom('publication_event as e')
            .innerJoin('article as ea', 'ea.id', 'e.article_id')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('e.story_id', '=', 's.id')
            .where('ea.approved', '=', true)
            .as('events'),
        )
        .where('sa.article_id', '=', articleId)
        .where('a.approved', '=', true)
        .executeTakeFirst();
      if (!row) return { story: null, storyId: null };
      return { story: { slug: row.slug, title: row.title, updateCount: Math.max(0, (row.events ?? 0) - 1) }, storyId: row.id };
    });
  }

  private async readStory(slug: string): Promise<PublicStory | null> {
    const db = storiesDb(this.em.fork());
    const story = await db.selectFrom('story').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!story) return null;
    const articles = await db
      .selectFrom('story_article as sa')
      .innerJoin('article as a', 'a.id', 'sa.article_id')
      .select(['a.id', 'a.title', 'a.slug', 'a.category', 'a.content', 'a.created_at'])
      .select((eb) =>
        eb
          .selectFrom('publication_event as e')
          .select((e) => e.fn.min('e.created_at').as('at'))
          .whereRef('e.article_id', '=', 'a.id')
          .where('e.kind', '=', 'published')
          .as('published_at'),
      )
      .where('sa.story_id', '=', story.id)
      .where('a.approved', '=', true)
      .execute();
    if (articles.length === 0) return null;
    const refs = new Map<number, StoryArticleRef>(articles.map((a) => [a.id, { id: a.id, title: a.title, slug: a.slug, category: a.category }]));
    const [events, reports] = await Promise.all([
      db
        .selectFrom('publication_event')
        .select(['id', 'article_id', 'kind', 'note', 'created_at'])
        .where('story_id', '=', story.id)
        .where('article_id', 'in', [...refs.keys()])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(TIMELINE_EVENTS)
        .execute(),
      db
        .selectFrom('story_report')
        .select(['outlet', 'title', 'link', 'at_approval', 'arrived_at'])
        .where('story_id', '=', story.id)
        .orderBy('arrived_at', 'desc')
        .orderBy('id', 'desc')
        .limit(TIMELINE_REPORTS)
        .execute(),
    ]);

    // What changed with each note: the article's published text at the moment before it (its previous
    // event) against the text at the note (for an article's newest note, its text now: an edit made
    // just after the note belongs to it).
    const current = new Map<number, ArticleVersion>(articles.map((a) => [a.id, { title: a.title, content: a.content }]));
    const notes = events.filter((event) => event.kind !== 'published').slice(0, CHANGES_COMPUTED);
    const changes = new Map<string, StoryTimelineEntry & { kind: 'update' | 'correction' }>();
    await Promise.all(
      notes.map(async (note) => {
        const previous = events.find(
          (e) => e.article_id === note.article_id && (e.created_at < note.created_at || (iso(e.created_at) === iso(note.created_at) && e.id < note.id)),
        );
        const newest = events.find((e) => e.article_id === note.article_id) === note;
        const [before, after] = await Promise.all([
          previous ? this.versionAt(note.article_id, previous.id) : Promise.resolve(null),
          newest ? Promise.resolve(current.get(note.article_id)!) : this.versionAt(note.article_id, note.id),
        ]);
        changes.set(String(note.id), {
          kind: note.kind as 'update' | 'correction',
          at: iso(note.created_at),
          article: refs.get(note.article_id)!,
          note: note.note ?? '',
          changes: before && after ? storyChange(before, after) : null,
        });
      }),
    );

    const timeline: StoryTimelineEntry[] = events.map(
      (event): StoryTimelineEntry =>
        changes.get(String(event.id)) ??
        (event.kind === 'published'
          ? { kind: 'published', at: iso(event.created_at), article: refs.get(event.article_id)! }
          : {
              kind: event.kind as 'update' | 'correction',
              at: iso(event.created_at),
              article: refs.get(event.article_id)!,
              note: event.note ?? '',
              changes: null,
            }),
    );
    // Reports arrive with a refresh (one transaction, one time): one entry per arrival.
    const arrivals = new Map<string, { at: string; atApproval: boolean; reports: StoryReportRef[] }>();
    for (const report of reports) {
      const at = iso(report.arrived_at);
      const key = `${at}:${report.at_approval}`;
      const arrival = arrivals.get(key) ?? { at, atApproval: report.at_approval, reports: [] };
      arrival.reports.push({ outlet: report.outlet, title: report.title, link: report.link });
      arrivals.set(key, arrival);
    }
    for (const arrival of arrivals.values()) timeline.push({ kind: 'reports', ...arrival });
    // Newest first; at the same moment, a publication or note before the reports that came with it.
    timeline.sort((a, b) => b.at.localeCompare(a.at) || Number(a.kind === 'reports') - Number(b.kind === 'reports'));

    const publishedCount = events.length;
    const times = [iso(story.created_at), ...timeline.map((entry) => entry.at)].sort();
    return {
      id: story.id,
      slug: story.slug,
      title: story.title,
      category: story.category,
      status: story.status,
      startedAt: iso(story.created_at),
      lastUpdatedAt: times.at(-1)!,
      articles: articles
        .map((a) => ({ ...refs.get(a.id)!, publishedAt: iso(a.published_at ?? a.created_at) }))
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)),
      updateCount: Math.max(0, publishedCount - 1),
      timeline,
    };
  }

  /** The article as published at publication event `eventId`: its newest published revision then (compared in SQL: a JS Date drops the microseconds). */
  private async versionAt(articleId: number, eventId: string | number): Promise<ArticleVersion | null> {
    const row = await storiesDb(this.em.fork())
      .selectFrom('article_revision')
      .select([sql<string>`snapshot->>'title'`.as('title'), sql<string>`snapshot->>'content'`.as('content')])
      .where('article_id', '=', articleId)
      .where('created_at', '<=', (eb) => eb.selectFrom('publication_event').select('created_at').where('id', '=', Number(eventId)))
      .where(sql<boolean>`(snapshot->>'approved')::boolean`)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { title: row.title ?? '', content: row.content ?? '' } : null;
  }

  /** The stories the sitemap lists (a page each): those with a published article, the newest SITEMAP_STORIES, with their last moment. */
  async sitemapStories(): Promise<{ slug: string; lastmod: string }[]> {
    const rows = await storiesDb(this.em.fork())
      .selectFrom('story as s')
      .innerJoin('publication_event as e', 'e.story_id', 's.id')
      .innerJoin('article as a', 'a.id', 'e.article_id')
      .select(['s.slug', (eb) => eb.fn.max('e.created_at').as('lastmod')])
      .where('a.approved', '=', true)
      .groupBy('s.slug')
      .orderBy('lastmod', 'desc')
      .limit(SITEMAP_STORIES)
      .execute();
    return rows.map((row) => ({ slug: row.slug, lastmod: iso(row.lastmod) }));
  }

  /** The admin's Stories view: the newest stories, each with its articles and counts. */
  async adminStories(ids?: number[]): Promise<AdminStory[]> {
    const db = storiesDb(this.em.fork());
    let query = db.selectFrom('story').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(ADMIN_STORIES);
    if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
    const stories = await query.execute();
    if (stories.length === 0) return [];
    const storyIds = stories.map((s) => s.id);
    const [articles, events, reports] = await Promise.all([
      db
        .selectFrom('story_article as sa')
        .innerJoin('article as a', 'a.id', 'sa.article_id')
        .select(['sa.story_id', 'a.id', 'a.title', 'a.slug', 'a.category', 'a.approved'])
        .where('sa.story_id', 'in', storyIds)
        .orderBy('sa.joined_at')
        .execute(),
      db
        .selectFrom('publication_event')
        .select(['story_id', sql<number>`count(*)::int`.as('n')])
        .where('story_id', 'in', storyIds)
        .groupBy('story_id')
        .execute(),
      db
        .selectFrom('story_report')
        .select(['story_id', sql<number>`count(*)::int`.as('n')])
        .where('story_id', 'in', storyIds)
        .where('at_approval', '=', false)
        .groupBy('story_id')
        .execute(),
    ]);
    const countOf = (rows: { story_id: number | null; n: number }[], id: number) => rows.find((row) => row.story_id === id)?.n ?? 0;
    return stories.map((story) => ({
      id: story.id,
      slug: story.slug,
      title: story.title,
      category: story.category,
      status: story.status,
      createdAt: iso(story.created_at),
      articles: articles
        .filter((a) => a.story_id === story.id)
        .map((a) => ({ id: a.id, title: a.title, slug: a.slug, category: a.category, published: a.approved })),
      updateCount: Math.max(0, countOf(events, story.id) - 1),
      newReportCount: countOf(reports, story.id),
    }));
  }
}
