import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { HealthResponse } from '@ai-mind/contracts';
import { REDIS } from '../../common/redis.module.js';
import { AiService } from '../ai/index.js';
import { countLiveWorkers, WORKER_HEARTBEAT_TTL_SECONDS } from './worker-heartbeat.js';

const CHECK_TIMEOUT_MS = 2_000;

async function timed<T>(check: () => Promise<T>): Promise<{ ok: boolean; latencyMs: number; error?: string; value?: T }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started), value };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly ai: AiService,
  ) {}

  async check(): Promise<HealthResponse> {
    // Raw: the database's ping, `select 1`, asks PostgreSQL to answer, of no table.
    const [database, redis, workers] = await Promise.all([
      timed(() => this.em.getConnection().execute('select 1')),
      timed(() => this.redis.ping()),
      timed(() => countLiveWorkers(this.redis)),
    ]);
    const workerCount = workers.value ?? 0;
    const worker = {
      ok: workers.ok && workerCount > 0,
      workers: workerCount,
      latencyMs: workers.latencyMs,
      ...(workers.error
        ? { error: workers.error }
        : workerCount === 0
          ? { error: `no worker process has reported in the last ${WORKER_HEARTBEAT_TTL_SECONDS} s` }
          : {}),
    };
    const strip = ({ value: _value, ...check }: Awaited<ReturnType<typeof timed>>) => check;
    return {
      status: database.ok && redis.ok && worker.ok ? 'ok' : 'degraded',
      checks: { database: strip(database), redis: strip(redis), worker },
      ai: { engine: this.ai.engineDescription, offline: this.ai.offline },
    };
  }
}
