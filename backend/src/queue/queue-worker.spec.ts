import { Test } from '@nestjs/testing';
import { loadConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { JobProcessor, type JobHandlers } from './job-processor.js';
import { QUEUE } from './queue-names.js';
import { QueueModule } from './queue.module.js';
import { QueueWorker } from './queue-worker.js';

describe('a queue worker', () => {
  it('starts with the validated config: its timings, and a concurrency read from the config', async () => {
    @QueueWorker(QUEUE.images, (config) => config('images').concurrency + 1)
    class Images extends JobProcessor<typeof QUEUE.images> {
      readonly handlers: JobHandlers<typeof QUEUE.images> = { 'image-regenerate': () => Promise.resolve(undefined as never) };
    }
    const config = loadConfig({
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/ai_mind',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_LOCK_DURATION_MS: '12345',
      QUEUE_STALLED_INTERVAL_MS: '23456',
      IMAGE_CONCURRENCY: '3',
    });
    const app = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config), QueueModule.forRoot(config)], providers: [Images] }).compile();
    try {
      await app.init();
      const { worker } = app.get(Images);
      expect({
        name: worker.name,
        lockDuration: worker.opts.lockDuration,
        stalledInterval: worker.opts.stalledInterval,
        concurrency: worker.concurrency,
      }).toEqual({
        name: QUEUE.images,
        lockDuration: 12345,
        stalledInterval: 23456,
        concurrency: 4,
      });
    } finally {
      await app.close();
    }
  });
});
