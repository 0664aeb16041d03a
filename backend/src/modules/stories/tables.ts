import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { PublicationEvent } from './publication-event.entity.js';
import { StoryArticle } from './story-article.entity.js';
import { Story } from './story.entity.js';
import { StoryReport } from './story-report.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const STORIES_ENTITIES = [Story, StoryArticle, PublicationEvent, StoryReport] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    stories: typeof STORIES_ENTITIES;
  }
}

/** This module's queries: its own tables, and the articles, approvals and revisions it reads. */
export const storiesDb = moduleDatabase<typeof STORIES_ENTITIES, 'article' | 'article_revision' | 'approved_topic' | 'trending_topic'>();

/** The tables storiesDb sees, for helpers that take part of a query. */
export type StoriesDatabase = DatabaseOfModule<typeof storiesDb>;
