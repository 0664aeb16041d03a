import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { AdminUser } from './admin-user.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const AUTH_ENTITIES = [AdminUser] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    auth: typeof AUTH_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const authDb = moduleDatabase<typeof AUTH_ENTITIES>();

/** The tables authDb sees, for helpers that take part of a query. */
export type AuthDatabase = DatabaseOfModule<typeof authDb>;
