import type { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Article } from '../../modules/articles/article.entity.js';
import { setActor } from '../../modules/articles/article-writer.js';
import { renderCoverSvg } from '../../modules/media/cover-art.js';
import { FEED_SNAPSHOT_ITEMS } from '../../modules/trending/feed-snapshot.js';
import { clusterItems } from '../../modules/trending/topic-clustering.js';
import { storeClusters, type TopicStoreOptions } from '../../modules/trending/topic-store.js';
import { DEMO_ARTICLES } from './demo-content.js';

export const DEMO_SEED_NAME = 'demo-content-v1';
const DAY_MS = 24 * 60 * 60 * 1000;

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
    const claimed = await tx.execute<{ name: string }[]>(
      'insert into seed_run (name, applied_at) values (?, now()) on conflict (name) do nothing returning name',
      [DEMO_SEED_NAME],
    );
    if (claimed.length === 0) return { seeded: false, articles: 0, topics: 0 };
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
        likes: demo.likes,
        shares: demo.shares,
        comments: demo.comments,
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
  await writeCovers(mediaDir);
  return result;
}

/** Cover files are rewritten on every seed call, so a wiped media folder heals on the next start. */
async function writeCovers(mediaDir: string): Promise<void> {
  const dir = path.join(mediaDir, 'covers');
  await fs.mkdir(dir, { recursive: true });
  await Promise.all(
    DEMO_ARTICLES.map((demo) => fs.writeFile(path.join(dir, `${demo.slug}.svg`), renderCoverSvg(demo.title, demo.category))),
  );
}

