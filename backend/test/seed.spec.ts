import { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import path from 'node:path';
import { categorySlug, LINKED_CATEGORIES } from '@ai-mind/contracts';
import { createOrmConfig } from '../src/app/orm-config.js';
import { runDemoSeed } from '../src/app/demo-seed/demo.seeder.js';
import { Comment } from '../src/modules/comments/index.js';
import { Article } from '../src/modules/articles/index.js';
import { TrendingTopic } from '../src/modules/trending/index.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';

describe('demo seed', () => {
  let orm: MikroORM;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;

  beforeAll(async () => {
    // The seed runs once per database, and this test must see it run.
    database = await createOwnDatabase();
    orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 2 }));
  });
  afterAll(async () => {
    await orm.close(true);
    await database.drop();
  });

  it('makes a real-looking site, once, however often it runs', async () => {
    const mediaDir = testConfig().images.mediaDir;

    const first = await runDemoSeed(orm.em.fork(), mediaDir, testConfig().trending);
    const second = await runDemoSeed(orm.em.fork(), mediaDir, testConfig().trending);

    expect(first.seeded).toBe(true);
    expect(second).toEqual({ seeded: false, articles: 0, topics: 0 });
    const em = orm.em.fork();
    const published = await em.find(Article, { approved: true });
    const drafts = await em.count(Article, { approved: false });
    expect(published.length).toBeGreaterThanOrEqual(12);
    expect(drafts).toBeGreaterThanOrEqual(2);
    expect(await em.count(Article)).toBe(first.articles);
    expect(await em.count(TrendingTopic)).toBe(first.topics);
    expect(first.topics).toBeGreaterThanOrEqual(5);

    const seededCategories = new Set(published.map((a) => categorySlug(a.category)));
    for (const linked of LINKED_CATEGORIES) expect(seededCategories).toContain(categorySlug(linked));

    for (const article of published) {
      expect(article.content).toMatch(/<p>/);
      expect(article.aiCommentary?.length).toBeGreaterThan(40);
      expect(article.imageUrl).toBe(`/media/covers/${article.slug}.svg`);
      expect(fs.readFileSync(path.join(mediaDir, 'covers', `${article.slug}.svg`), 'utf8')).toContain('<svg');
    }

    // Every number on a card is the rows behind it: comments with their AI replies, no invented likes.
    const rows = await em
      .getConnection()
      .execute<
        { id: number; likes: number; shares: number; comments: number; comment_rows: number; like_rows: number; share_rows: number; unanswered: number }[]
      >(
        `select a.id, a.likes, a.shares, a.comments,
              (select count(*)::int from comment c where c.article_id = a.id) as comment_rows,
              (select count(*)::int from comment c where c.article_id = a.id and c.ai_response is null) as unanswered,
              (select count(*)::int from interaction i where i.article_id = a.id and i.type = 'like') as like_rows,
              (select count(*)::int from interaction i where i.article_id = a.id and i.type = 'share') as share_rows
         from article a`,
      );
    for (const row of rows) {
      expect({ likes: row.likes, shares: row.shares, comments: row.comments }).toEqual({
        likes: row.like_rows,
        shares: row.share_rows,
        comments: row.comment_rows,
      });
      expect(row.unanswered).toBe(0);
    }
    const commented = rows.filter((row) => row.comment_rows > 0).length;
    expect(commented).toBeGreaterThanOrEqual(12);
    expect(await em.count(Comment)).toBe(rows.reduce((sum, row) => sum + row.comment_rows, 0));

    // Each published demo article is the first article of a story of its own, its publication on the story's timeline (once, however often the seed runs).
    const stories = await em.getConnection().execute<{ slug: string; story_slug: string; events: number }[]>(
      `select a.slug, s.slug as story_slug, (select count(*)::int from publication_event e where e.story_id = s.id) as events
           from article a join story_article sa on sa.article_id = a.id join story s on s.id = sa.story_id`,
    );
    expect(stories.map((row) => row.slug).sort()).toEqual(published.map((a) => a.slug).sort());
    for (const row of stories) expect(row).toMatchObject({ story_slug: row.slug, events: 1 });
  });
});
