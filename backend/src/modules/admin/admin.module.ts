import { Module } from '@nestjs/common';
import { AuditLogController } from './audit-log.controller.js';
import { AuditLogReader } from './audit-log.reader.js';
import { AuditLogWriter } from './audit-log.writer.js';

/** The audit trail of admin calls; the access gate writes it for every route, the Audit tab reads it. */
@Module({
  controllers: [AuditLogController],
  providers: [AuditLogWriter, AuditLogReader],
  exports: [AuditLogWriter],
})
export class AdminModule {}
