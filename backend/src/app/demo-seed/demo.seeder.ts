import type { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { appDb } from '../entities.js';
import { Article, setActor } from '../../modules/articles/index.js';
import { Comment } from '../../modules/comments/index.js';
import { renderCoverSvg } from '../../modules/media/index.js';
import { clusterItems, FEED_SNAPSHOT_ITEMS, storeClusters, type TopicStoreOptions } from '../../modules/trending/index.js';
import { clientHash } from '../../common/client-hash.js';
import { DEMO_COMMENTS } from './demo-comments.js';
import { DEMO_ARTICLES } from './demo-content.js';
import { DEMO_NEWSROOM_TEXTS } from './demo-newsroom.js';
import { sanitizeNewsroomHtml } from '@ai-mind/contracts/article-sanitizer';

export const DEMO_SEED_NAME = 'demo-content-v1';
/** Demo comments and counters true to their rows; also repairs databases seeded with invented counts. */
export const DEMO_COMMENTS_SEED_NAME = 'demo-comments-v2';
/** The newsroom's texts (publishing principles, policies, masthead, ownership), once: an owner's later edit is never replaced. */
export const DEMO_NEWSROOM_SEED_NAME = 'demo-newsroom-v1';
/** A few outlets of the bundled feed snapshot with owners (two share one), so the admin shows the outlet mix: once, never over the owner's edits. */
export const DEMO_OUTLETS_SEED_NAME = 'demo-outlets-v1';
/** A story for each published demo article (no topic was approved for them, so no trigger made one), once. */
export const DEMO_STORIES_SEED_NAME = 'demo-stories-v1';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface DemoSeedResult {
  seeded: boolean;
  articles: number;
  topics: number;
}

/**
 * Adds the demo articles, their cover images and trending topics, once per database: the seed_run row
 * is claimed in the same transaction, so a second start (or two starting at once) adds nothing, and
 * an article an editor deletes later is not brought back. The topics are the bundled feed snapshot's
 * stories, as the first trending refresh would find them, so the admin has topics before any worker ran.
 */
export async function runDemoSeed(em: EntityManager, mediaDir: string, topicOptions: TopicStoreOptions, now = new Date()): Promise<DemoSeedResult> {
  const result = await em.transactional(async (tx) => {
    if (!(await claimSeedRun(tx, DEMO_SEED_NAME))) return { seeded: false, articles: 0, topics: 0 };
    await setActor(tx, 'demo-seed');

    for (const demo of DEMO_ARTICLES) {
      const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
      tx.create(Article, {
        title: demo.title,
        slug: demo.slug,
        content: demo.content,
        category: demo.category,
        imageUrl: `/media/covers/${demo.slug}.svg`,
        sourceUrl: demo.sourceUrl,
        aiCommentary: demo.aiCommentary,
        likes: 0,
        shares: 0,
        comments: 0,
        approved: demo.approved,
        metaTitle: demo.title,
        metaDescription: demo.metaDescription,
        createdAt,
        updatedAt: createdAt,
      });
    }
    const topics = await storeClusters(tx, clusterItems(FEED_SNAPSHOT_ITEMS, topicOptions.similarityThreshold), topicOptions, now);
    return { seeded: true, articles: DEMO_ARTICLES.length, topics };
  });
  await seedDemoComments(em);
  await seedDemoNewsroom(em);
  await seedDemoOutlets(em);
  await seedDemoStories(em);
  await writeCovers(mediaDir);
  return result;
}

/** Once per database: the demo's newsroom texts, where the owner has not written one yet. */
async function seedDemoNewsroom(em: EntityManager): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await claimSeedRun(tx, DEMO_NEWSROOM_SEED_NAME))) return;
    const rows = Object.entries(DEMO_NEWSROOM_TEXTS).map(([key, body]) => ({
      key: key as keyof typeof DEMO_NEWSROOM_TEXTS,
      body: sanitizeNewsroomHtml(body),
      updated_at: sql<Date>`now()`,
      updated_by: 'demo-seed',
    }));
    await appDb(tx)
      .insertInto('newsroom_page')
      .values(rows)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  });
}

/**
 * Once per database: the snapshot's fictional outlets with fictional owners. The Daily Ledger and
 * Markets Desk share an owner, so a story only they cover counts as one independent outlet; the side
 * labels are the demo operator's own words, as an owner would write them (the site rates no outlet).
 */
async function seedDemoOutlets(em: EntityManager): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await claimSeedRun(tx, DEMO_OUTLETS_SEED_NAME))) return;
    await appDb(tx)
      .insertInto('outlet')
      .values(DEMO_OUTLETS.map((outlet) => ({ ...outlet, updated_by: 'demo-seed' })))
      .onConflict((conflict) => conflict.expression(sql`lower(btrim(name))`).doNothing())
      .execute();
  });
}

const DEMO_OUTLETS = [
  { name: 'The Daily Ledger', owner: 'Ledger Media Group', side: 'business press', notes: 'Demo outlet: owned by the same group as Markets Desk.' },
  { name: 'Markets Desk', owner: 'Ledger Media Group', side: 'business press', notes: 'Demo outlet: owned by the same group as The Daily Ledger.' },
  { name: 'Global Wire', owner: 'Global Wire Cooperative', side: null, notes: 'Demo outlet: a news agency owned by its member papers.' },
  { name: 'Civic Post', owner: 'Civic Post Trust', side: null, notes: '' },
];

/**
 * Once per database: each published demo article still present, in no story yet, becomes the first
 * article of a story of its own (named as the article), and its publication event joins the story,
 * so the demo has story pages. Stories of approved topics are made by the database (stories module).
 */
async function seedDemoStories(em: EntityManager): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await claimSeedRun(tx, DEMO_STORIES_SEED_NAME))) return;
    const slugs = DEMO_ARTICLES.filter((demo) => demo.approved).map((demo) => demo.slug);
    await sql`
      with made as (
        insert into story (slug, title, category, created_at, updated_at)
        select a.slug, left(a.title, 300), left(a.category_slug, 100), a.created_at, a.created_at
          from article a
         where a.approved and a.slug = any(${slugs}) and not exists (select 1 from story_article sa where sa.article_id = a.id)
        on conflict (slug) do nothing
        returning id, slug)
      insert into story_article (article_id, story_id, joined_at)
      select a.id, made.id, a.created_at from made join article a on a.slug = made.slug`.execute(appDb(tx));
    await sql`
      update publication_event e set story_id = sa.story_id
        from story_article sa
       where sa.article_id = e.article_id and e.story_id is null and sa.story_id in (select s.id from story s where s.slug = any(${slugs}))`.execute(appDb(tx));
  });
}

/**
 * Once per database: the demo articles still present get their readers' comments (with AI replies),
 * and their like, share and comment counters become the number of rows behind them, so no number on
 * the site is invented (a database seeded before this had made-up counts; they are corrected here).
 */
async function seedDemoComments(em: EntityManager): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await claimSeedRun(tx, DEMO_COMMENTS_SEED_NAME))) return;
    await setActor(tx, 'demo-seed');
    const slugs = DEMO_ARTICLES.map((demo) => demo.slug);
    const present = await tx.find(Article, { slug: { $in: slugs } }, { fields: ['id', 'slug', 'createdAt'] });
    const hash = clientHash('demo-seed');
    for (const article of present) {
      for (const comment of DEMO_COMMENTS[article.slug] ?? []) {
        tx.create(Comment, {
          articleId: article.id,
          authorName: comment.authorName,
          content: comment.content,
          aiResponse: comment.aiResponse,
          clientHash: hash,
          createdAt: new Date(article.createdAt.getTime() + comment.hoursAfter * HOUR_MS),
        });
      }
    }
    await tx.flush();
    await appDb(tx)
      .updateTable('article as a')
      .set((eb) => ({
        likes: eb
          .selectFrom('interaction as i')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('i.article_id', '=', 'a.id')
          .where('i.type', '=', 'like'),
        shares: eb
          .selectFrom('interaction as i')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('i.article_id', '=', 'a.id')
          .where('i.type', '=', 'share'),
        comments: eb
          .selectFrom('comment as c')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('c.article_id', '=', 'a.id'),
      }))
      .where('a.slug', 'in', slugs)
      .execute();
  });
}

/** Records that the named seed ran; false when it already had (its row was there), so it runs once per database. */
async function claimSeedRun(tx: EntityManager, name: string): Promise<boolean> {
  const claimed = await appDb(tx)
    .insertInto('seed_run')
    .values({ name, applied_at: sql<Date>`now()` })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Cover files are rewritten on every seed call, so a wiped media folder heals on the next start. */
async function writeCovers(mediaDir: string): Promise<void> {
  const dir = path.join(mediaDir, 'covers');
  await fs.mkdir(dir, { recursive: true });
  await Promise.all(DEMO_ARTICLES.map((demo) => fs.writeFile(path.join(dir, `${demo.slug}.svg`), renderCoverSvg(demo.title, demo.category))));
}
