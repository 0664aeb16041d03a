import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.module.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { AuditLog } from './audit-log.entity.js';
import { AuditRefusal } from './audit-refusal.entity.js';

export const AUDIT_RETENTION_INTERVAL_MS = 3600_000;
/** Held by the worker that runs this hour's pass, so it runs once per cluster however many workers there are. */
const LOCK = 'ai-mind:lock:audit-retention';
/** Rows deleted per statement, so a first pass over a long backlog never holds a long lock. */
const BATCH = 10_000;

/**
 * Keeps the audit log to AUDIT_RETENTION_DAYS: once an hour (and at start) one worker of the cluster
 * deletes the audit rows and refusal counts older than that.
 */
@Injectable()
export class AuditRetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuditRetentionService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectConfig('admin') private readonly config: ConfigSlice<'admin'>,
  ) {}

  onApplicationBootstrap(): void {
    void this.run();
  }

  @Interval(AUDIT_RETENTION_INTERVAL_MS)
  async run(): Promise<void> {
    try {
      const mine = await this.redis.set(LOCK, String(process.pid), 'PX', AUDIT_RETENTION_INTERVAL_MS - 60_000, 'NX');
      if (mine) await this.deleteExpired();
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not apply the audit log retention; trying again in an hour');
    }
  }

  /** Deletes what is older than the retention; answers how many audit rows and refusal counts went. */
  async deleteExpired(): Promise<{ auditRows: number; refusalCounts: number }> {
    const before = new Date(Date.now() - this.config.auditRetentionDays * 86_400_000);
    const em = this.em.fork();
    let auditRows = 0;
    for (;;) {
      const ids = (await em.find(AuditLog, { createdAt: { $lt: before } }, { fields: ['id'], limit: BATCH })).map((row) => row.id);
      if (ids.length === 0) break;
      auditRows += await em.nativeDelete(AuditLog, { id: { $in: ids } });
    }
    const refusalCounts = await em.nativeDelete(AuditRefusal, { minute: { $lt: before } });
    if (auditRows + refusalCounts > 0)
      this.logger.log(`Audit retention: deleted ${auditRows} audit rows and ${refusalCounts} refusal counts older than ${before.toISOString()}`);
    return { auditRows, refusalCounts };
  }
}
