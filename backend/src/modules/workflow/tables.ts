import { moduleDatabase, type DatabaseOfModule } from '../../database/kysely.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';

/** The entities whose tables this module owns: only its queries write them (docs/architecture.md#modules). */
export const WORKFLOW_ENTITIES = [WebhookDelivery] as const;

declare module '../../database/kysely.js' {
  interface ModuleEntities {
    workflow: typeof WORKFLOW_ENTITIES;
  }
}

/** This module's queries: its own tables, and the other modules' tables it reads. */
export const workflowDb = moduleDatabase<typeof WORKFLOW_ENTITIES, 'approved_topic'>();

/** The tables workflowDb sees, for helpers that take part of a query. */
export type WorkflowDatabase = DatabaseOfModule<typeof workflowDb>;
