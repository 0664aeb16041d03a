import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { REDIS } from '../../common/redis.module.js';
import { WORKER_HEARTBEAT_INTERVAL_MS, WORKER_HEARTBEAT_PREFIX, WORKER_HEARTBEAT_TTL_SECONDS } from './worker-heartbeat.js';

/** Tells the API's health check that this worker process is alive. */
@Injectable()
export class WorkerHeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHeartbeatService.name);
  private readonly key = `${WORKER_HEARTBEAT_PREFIX}${hostname()}:${process.pid}`;

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationBootstrap(): Promise<void> {
    return this.beat();
  }

  @Interval(WORKER_HEARTBEAT_INTERVAL_MS)
  async beat(): Promise<void> {
    try {
      await this.redis.set(this.key, new Date().toISOString(), 'EX', WORKER_HEARTBEAT_TTL_SECONDS);
    } catch (error) {
      this.logger.warn({ err: error }, 'Worker heartbeat failed');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.del(this.key).catch(() => undefined);
  }
}
