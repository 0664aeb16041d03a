import { Module } from '@nestjs/common';
import { AuditRetentionService } from './audit-retention.service.js';

/** The worker's side of the audit trail: its retention. */
@Module({ providers: [AuditRetentionService] })
export class AdminJobsModule {}
