import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { Interaction } from './interaction.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const INTERACTIONS_ENTITIES = [Interaction] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    interactions: typeof INTERACTIONS_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const interactionsDb = moduleDatabase<typeof INTERACTIONS_ENTITIES>();

/** The tables interactionsDb sees, for helpers that take part of a query. */
export type InteractionsDatabase = DatabaseOfModule<typeof interactionsDb>;
