import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { AuditLog } from './audit-log.entity.js';
import { AuditRefusal } from './audit-refusal.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const ADMIN_ENTITIES = [AuditLog, AuditRefusal] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    admin: typeof ADMIN_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads (none). */
export const adminDb = moduleDatabase<typeof ADMIN_ENTITIES>();

/** The tables adminDb sees, for helpers that take part of a query. */
export type AdminDatabase = DatabaseOfModule<typeof adminDb>;
