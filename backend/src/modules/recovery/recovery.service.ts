import { GatewayTimeoutException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.token.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer, JobTimeoutError } from '../../queue/job-producer.service.js';
import type {
  BackupSnapshotResult,
  DeepRecoveryResult,
  JobName,
  JobPayload,
  JobResult,
  QuickRecoveryResult,
  RecreateFromSitemapResult,
} from '../../queue/job-types.js';
import { countLiveWorkers } from '../health/index.js';

/** Recovery runs can take a while on a big site; the admin's call waits this much longer than other job calls. */
const RECOVERY_WAIT_FACTOR = 4;

/** API side of recovery: asks the worker for the work and waits for its answer. */
@Injectable()
export class RecoveryService {
  constructor(
    private readonly jobs: JobProducer,
    @InjectConfig('queue') private readonly config: ConfigSlice<'queue'>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  requestBackup(reason: string): Promise<BackupSnapshotResult> {
    return this.jobs.run('backup-snapshot', { reason });
  }

  quick(requestedBy: string): Promise<QuickRecoveryResult> {
    return this.runRecovery('quick-recovery', { requestedBy });
  }

  deep(requestedBy: string): Promise<DeepRecoveryResult> {
    return this.runRecovery('deep-recovery', { requestedBy });
  }

  recreateFromSitemap(requestedBy: string): Promise<RecreateFromSitemapResult> {
    return this.runRecovery('recreate-from-sitemap', { requestedBy });
  }

  /** Refuses at once when no worker process is alive, rather than waiting for nobody. */
  private async runRecovery<N extends 'quick-recovery' | 'deep-recovery' | 'recreate-from-sitemap'>(name: N, payload: JobPayload<N>): Promise<JobResult<N>> {
    if ((await countLiveWorkers(this.redis)) === 0) {
      throw new ServiceUnavailableException({
        error: 'Service Unavailable',
        message: 'No worker process is running to do the recovery; start one and try again.',
      });
    }
    try {
      return await this.jobs.run(name as JobName & N, payload, { timeoutMs: this.config.jobWaitTimeoutMs * RECOVERY_WAIT_FACTOR });
    } catch (error) {
      if (error instanceof JobTimeoutError) {
        throw new GatewayTimeoutException({
          error: 'Gateway Timeout',
          message: 'Recovery is taking longer than expected; it goes on in the background. Check the articles again shortly.',
        });
      }
      throw error;
    }
  }
}
