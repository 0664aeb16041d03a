import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { ContactSubmission } from './contact-submission.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const CONTACT_ENTITIES = [ContactSubmission] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    contact: typeof CONTACT_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const contactDb = moduleDatabase<typeof CONTACT_ENTITIES>();

/** The tables contactDb sees, for helpers that take part of a query. */
export type ContactDatabase = DatabaseOfModule<typeof contactDb>;
