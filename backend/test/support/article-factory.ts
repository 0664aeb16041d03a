import type { EntityManager } from '@mikro-orm/postgresql';
import { Article } from '../../src/modules/articles/index.js';
import { uniqueSuffix } from './test-config.js';

type ArticleInput = Partial<
  Pick<Article, 'title' | 'slug' | 'content' | 'category' | 'approved' | 'createdAt' | 'likes' | 'aiCommentary' | 'imageUrl' | 'sourceUrl' | 'metaDescription'>
>;

/** Inserts an article with sensible defaults; every call gets its own slug. */
export async function createArticle(em: EntityManager, input: ArticleInput = {}): Promise<Article> {
  const suffix = uniqueSuffix();
  const fork = em.fork();
  const createdAt = input.createdAt ?? new Date();
  const article = fork.create(Article, {
    title: `Test article ${suffix}`,
    slug: `test-article-${suffix}`,
    content: '<p>Body of a test article.</p>',
    category: 'Technology',
    approved: true,
    aiCommentary: 'Humans, testing again.',
    imageUrl: null,
    sourceUrl: null,
    metaTitle: null,
    metaDescription: null,
    ...input,
    createdAt,
    updatedAt: createdAt,
  });
  await fork.flush();
  return article;
}
