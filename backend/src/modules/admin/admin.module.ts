import { Module } from '@nestjs/common';
import { AuditLogWriter } from './audit-log.writer.js';

/** The audit trail of admin calls; the access gate writes it for every route. */
@Module({
  providers: [AuditLogWriter],
  exports: [AuditLogWriter],
})
export class AdminModule {}
