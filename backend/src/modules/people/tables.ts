import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { AdminPasswordLink } from './admin-password-link.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const PEOPLE_ENTITIES = [AdminPasswordLink] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    people: typeof PEOPLE_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const peopleDb = moduleDatabase<typeof PEOPLE_ENTITIES, 'admin_user'>();

/** The tables peopleDb sees, for helpers that take part of a query. */
export type PeopleDatabase = DatabaseOfModule<typeof peopleDb>;
