import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { ArticleBackup } from './article-backup.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const RECOVERY_ENTITIES = [ArticleBackup] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    recovery: typeof RECOVERY_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const recoveryDb = moduleDatabase<typeof RECOVERY_ENTITIES>();

/** The tables recoveryDb sees, for helpers that take part of a query. */
export type RecoveryDatabase = DatabaseOfModule<typeof recoveryDb>;
