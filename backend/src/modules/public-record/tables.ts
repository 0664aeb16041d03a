import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';

/** This module owns no table; its queries read the topics' tables of other modules (approved topics, trending topics). */
export const publicRecordDb = moduleDatabase<[], 'approved_topic' | 'trending_topic'>();

/** The tables publicRecordDb sees, for helpers that take part of a query. */
export type PublicRecordDatabase = DatabaseOfModule<typeof publicRecordDb>;
