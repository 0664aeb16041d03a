import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { categoryDisplayName, categorySlug, LINKED_CATEGORIES, type FollowTarget } from '@ai-mind/contracts';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { ArticleReads } from '../articles/index.js';
import { followsDb } from './tables.js';

/** A follow's target as stored: a story's id, or a category's slug; and how an email names it. */
export interface ResolvedTarget {
  storyId: number | null;
  category: string | null;
  title: string;
}

const LINKED_SLUGS: ReadonlySet<string> = new Set(LINKED_CATEGORIES.map(categorySlug));

/** Checks what a reader asks to follow exists: a story (by slug), or a category the site links to or has published in. */
@Injectable()
export class FollowTargets {
  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleReads,
  ) {}

  async resolve(target: FollowTarget): Promise<ResolvedTarget> {
    if (target.story !== undefined) {
      const story = await followsDb(this.em.fork()).selectFrom('story').select(['id', 'title']).where('slug', '=', target.story).executeTakeFirst();
      if (!story) throw new ValidationFailedException([{ path: 'target.story', message: 'is not a story of this site' }]);
      return { storyId: story.id, category: null, title: story.title };
    }
    if (target.article !== undefined) {
      const query = followsDb(this.em.fork());
      const article = await query.selectFrom('article').select(['id', 'category_slug']).where('slug', '=', target.article).executeTakeFirst();
      if (!article) throw new ValidationFailedException([{ path: 'target.article', message: 'is not an article of this site' }]);
      const story = await query
        .selectFrom('story_article as sa')
        .innerJoin('story as s', 's.id', 'sa.story_id')
        .select(['s.id', 's.title'])
        .where('sa.article_id', '=', article.id)
        .executeTakeFirst();
      // An article in no story (written before stories, or by hand): its category is what goes on.
      return story
        ? { storyId: story.id, category: null, title: story.title }
        : { storyId: null, category: article.category_slug, title: categoryDisplayName(article.category_slug) };
    }
    const slug = categorySlug(target.category!);
    if (!LINKED_SLUGS.has(slug) && !(await this.articles.hasPublishedInCategory(slug))) {
      throw new ValidationFailedException([{ path: 'target.category', message: 'is not a category of this site' }]);
    }
    return { storyId: null, category: slug, title: categoryDisplayName(slug) };
  }

  /** How an email or a page names a stored follow's target. */
  async titleOf(storyId: number | null, category: string | null): Promise<string> {
    if (storyId === null) return categoryDisplayName(category ?? '');
    const story = await followsDb(this.em.fork()).selectFrom('story').select('title').where('id', '=', storyId).executeTakeFirst();
    return story?.title ?? 'a story';
  }
}
