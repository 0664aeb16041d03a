import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';

/**
 * This module owns no table: the evidence export reads the article, its history and its claim check
 * as the modules that own them wrote them (never a copy kept for the export),.
 */
export const evidenceDb = moduleDatabase<[], 'article' | 'article_revision' | 'article_claim_check' | 'article_claim'>();

/** The tables evidenceDb sees, for helpers that take part of a query. */
export type EvidenceDatabase = DatabaseOfModule<typeof evidenceDb>;
