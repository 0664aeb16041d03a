import { defineEntity, p } from '@mikro-orm/core';

/** One row per admin call that changed something (or tried to) and per refused admin call, with who, what and the outcome. */
export const AuditLogSchema = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    actor: p.string().length(100).nullable(),
    action: p.string().length(200),
    /** The path exactly as the caller sent it (percent-encoding and all), which `action`'s route pattern does not show. */
    path: p.string().length(500).nullable(),
    /** The id acted on, or a bulk call's ids, comma-separated. */
    targetId: p.text().nullable(),
    status: p.integer(),
    ip: p.string().length(64).nullable(),
    requestId: p.string().length(100).nullable(),
    /** The note a review step was sent with (the article's history keeps it too). */
    note: p.string().length(2000).nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
  indexes: [
    { name: 'audit_log_created_at_id_index', expression: 'create index "audit_log_created_at_id_index" on "audit_log" ("created_at" desc, "id" desc)' },
  ],
});

export class AuditLog extends AuditLogSchema.class {}
AuditLogSchema.setClass(AuditLog);
