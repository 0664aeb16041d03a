import { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import path from 'node:path';
import { categorySlug } from '@ai-mind/contracts';
import { createOrmConfig } from '../src/database/mikro-orm.config.js';
import { runDemoSeed } from '../src/database/seeders/demo.seeder.js';
import { Article } from '../src/modules/articles/article.entity.js';
import { TrendingTopic } from '../src/modules/trending/trending-topic.entity.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';

/** Every category the header and footer link to, in the form the links use. */
const LINKED_CATEGORIES = [
  'Technology', 'Global Events', 'Human Achievements', 'AI Product Reviews',
  'ai-insights', 'tech-analysis', 'business-intelligence', 'future-predictions',
  'Politics', 'Culture', 'Economics',
];

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
    const mediaDir = testConfig().mediaDir;

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
  });
});
