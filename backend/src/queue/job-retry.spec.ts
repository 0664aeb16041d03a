import type { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { loadConfig } from '../config/app-config.js';
import { configReaderOf } from '../config/config.module.js';
import { JobProducer } from './job-producer.service.js';
import { retryPolicy } from './job-types.js';

const config = loadConfig({
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/ai_mind',
  REDIS_URL: 'redis://127.0.0.1:6379',
  AUTOMATION_MAX_ATTEMPTS: '7',
  AUTOMATION_RETRY_DELAY_MS: '1500',
});

describe("a job name's retries", () => {
  it('try most jobs three times, 2 s then 4 s apart', () => {
    expect(retryPolicy('ai-comment-reply', { commentId: 1 }, configReaderOf(config))).toEqual({ attempts: 3, backoff: { type: 'exponential', delay: 2_000 } });
    expect(retryPolicy('sitemap-snapshot', {}, configReaderOf(config))).toEqual({ attempts: 3, backoff: { type: 'exponential', delay: 2_000 } });
  });

  it('try an image four times', () => {
    expect(retryPolicy('image-regenerate', { articleId: 1 }, configReaderOf(config))).toEqual({ attempts: 4, backoff: { type: 'exponential', delay: 2_000 } });
  });

  it('try a digest sender ten times, from 1 s apart', () => {
    expect(retryPolicy('newsletter-send', { digestId: 1, sender: 0 }, configReaderOf(config))).toEqual({
      attempts: 10,
      backoff: { type: 'exponential', delay: 1_000 },
    });
  });

  it('follow the automation settings for a hand-off to the automation service', () => {
    expect(retryPolicy('workflow-dispatch', { approvedTopicId: 1 }, configReaderOf(config))).toEqual({
      attempts: 7,
      backoff: { type: 'exponential', delay: 1_500 },
    });
  });

  it('try a refresh an admin asked for once, a scheduled one three times', () => {
    expect(retryPolicy('trending-refresh', { trigger: 'manual' }, configReaderOf(config))).toMatchObject({ attempts: 1 });
    expect(retryPolicy('trending-refresh', { trigger: 'schedule' }, configReaderOf(config))).toEqual({
      attempts: 3,
      backoff: { type: 'exponential', delay: 2_000 },
    });
  });
});

describe('JobProducer', () => {
  const added: { name: string; opts: object }[] = [];
  const queue = {
    add: async (name: string, _data: unknown, opts: object) => added.push({ name, opts }),
    addBulk: async (jobs: { name: string; opts: object }[]) => added.push(...jobs.map(({ name, opts }) => ({ name, opts }))),
    upsertJobScheduler: async (_id: string, _repeat: unknown, { name, opts }: { name: string; opts: object }) => added.push({ name, opts }),
  } as unknown as Queue;
  const producer = new JobProducer({ get: () => queue } as unknown as ModuleRef, config.queue, config.redis);

  beforeEach(() => {
    added.length = 0;
  });

  it('gives every job it adds or schedules the retries of its name, with the options of the call', async () => {
    await producer.enqueue('image-regenerate', { articleId: 3 }, { jobId: 'image-3' });
    await producer.enqueueMany('newsletter-send', [{ payload: { digestId: 1, sender: 0 }, options: { jobId: 'digest-1-sender-0' } }]);
    await producer.schedule('trending-refresh', { every: 60_000 }, { trigger: 'schedule' });

    expect(added).toEqual([
      { name: 'image-regenerate', opts: { jobId: 'image-3', attempts: 4, backoff: { type: 'exponential', delay: 2_000 } } },
      { name: 'newsletter-send', opts: { jobId: 'digest-1-sender-0', attempts: 10, backoff: { type: 'exponential', delay: 1_000 } } },
      { name: 'trending-refresh', opts: { attempts: 3, backoff: { type: 'exponential', delay: 2_000 } } },
    ]);
  });
});
