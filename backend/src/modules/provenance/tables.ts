import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { ApprovedTopic } from './approved-topic.entity.js';
import { ArticleClaim, ArticleClaimCheck } from './article-claim.entity.js';
import { ArticleGeneration } from './article-generation.entity.js';
import { TopicSource } from './topic-source.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const PROVENANCE_ENTITIES = [ApprovedTopic, ArticleClaimCheck, ArticleClaim, ArticleGeneration, TopicSource] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    provenance: typeof PROVENANCE_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const provenanceDb = moduleDatabase<typeof PROVENANCE_ENTITIES, 'article'>();

/** The tables provenanceDb sees, for helpers that take part of a query. */
export type ProvenanceDatabase = DatabaseOfModule<typeof provenanceDb>;
