import { defineEntity, p } from '@mikro-orm/core';

/** How many admin calls without a session were refused, per route, status and minute (AuditLogWriter.recordAnonymousRefusal). */
export const AuditRefusalSchema = defineEntity({
  name: 'AuditRefusal',
  tableName: 'audit_refusal',
  properties: {
    minute: p.datetime().primary(),
    action: p.string().length(200).primary(),
    status: p.integer().primary(),
    count: p.integer().default(0),
  },
});

export class AuditRefusal extends AuditRefusalSchema.class {}
AuditRefusalSchema.setClass(AuditRefusal);
