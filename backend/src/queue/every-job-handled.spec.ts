import type { DynamicModule, Provider, Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule, Processor } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { WorkerModule } from '../app/worker.module.js';
import { loadConfig } from '../config/app-config.js';
import { assertEveryJobHandled, EveryJobHandled, unhandledJobs, type HandledJobs } from './every-job-handled.js';
import { JobProcessor, type JobHandlers } from './job-processor.js';
import { JOB_QUEUE } from './job-types.js';
import { QUEUE } from './queue-names.js';

/** Where @Processor() keeps its queue name (@nestjs/bullmq's PROCESSOR_METADATA, not exported). */
const PROCESSOR_METADATA = 'bullmq:processor_metadata';

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

/** Every provider class of a module and of the modules it imports, as Nest would resolve them. */
async function providerClasses(root: ModuleRef, seen = new Set<unknown>()): Promise<Type[]> {
  const module = 'forwardRef' in root ? root.forwardRef() : await root;
  const moduleClass = typeof module === 'function' ? module : module.module;
  if (seen.has(module)) return [];
  seen.add(module);
  const dynamic: Partial<DynamicModule> = typeof module === 'function' ? {} : module;
  const imports: ModuleRef[] = [...(Reflect.getMetadata('imports', moduleClass) ?? []), ...(dynamic.imports ?? [])];
  const providers: Provider[] = [...(Reflect.getMetadata('providers', moduleClass) ?? []), ...(dynamic.providers ?? [])];
  const own = providers.flatMap((provider) => (typeof provider === 'function' ? [provider] : 'useClass' in provider ? [provider.useClass] : []));
  const imported = await Promise.all(imports.map((child) => providerClasses(child, seen)));
  return [...own, ...imported.flat()];
}

describe('every job of the catalogue has a handler', () => {
  it('refuses a worker missing one, naming its queue and job', () => {
    const catalogue = { 'ai-commentary': 'ai', 'ai-comment-reply': 'ai', 'image-regenerate': 'images' };
    const processors: HandledJobs[] = [
      { queue: 'ai', jobs: ['ai-commentary'] },
      { queue: 'images', jobs: ['image-regenerate'] },
    ];

    expect(unhandledJobs(processors, catalogue)).toEqual([{ queue: 'ai', job: 'ai-comment-reply' }]);
    expect(() => assertEveryJobHandled(processors, catalogue)).toThrow("The worker has no handler for job 'ai-comment-reply' of queue 'ai'");
    expect(() => assertEveryJobHandled([...processors, { queue: 'ai', jobs: ['ai-comment-reply'] }], catalogue)).not.toThrow();
  });

  it('counts a handler only on the queue its job is added to', () => {
    expect(unhandledJobs([{ queue: 'images', jobs: ['ai-commentary'] }], { 'ai-commentary': 'ai' })).toEqual([{ queue: 'ai', job: 'ai-commentary' }]);
  });

  it('stops a worker at start when one of its processors lacks a handler', async () => {
    @Processor(QUEUE.trending, { autorun: false })
    class TrendingWithoutHandlers extends JobProcessor<typeof QUEUE.trending> {
      readonly handlers = {} as JobHandlers<typeof QUEUE.trending>;
    }
    const worker = await Test.createTestingModule({
      imports: [BullModule.forRoot({ connection: { url: process.env.REDIS_URL } }), BullModule.registerQueue({ name: QUEUE.trending }), DiscoveryModule],
      providers: [TrendingWithoutHandlers, EveryJobHandled],
    }).compile();
    try {
      await expect(worker.init()).rejects.toThrow("job 'trending-refresh' of queue 'trending'");
    } finally {
      await worker.close();
    }
  });

  it("is true of the worker process's processors", async () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/ai_mind', REDIS_URL: 'redis://127.0.0.1:6379' });
    const classes = await providerClasses(WorkerModule.forRoot(config));
    const processors = [...new Set(classes)]
      .filter((cls) => cls.prototype instanceof JobProcessor)
      .map((cls) => {
        // Handlers only call the processor's services when a job runs, so none are needed to list them.
        const processor = new (cls as new () => JobProcessor<never>)();
        return { queue: Reflect.getMetadata(PROCESSOR_METADATA, cls).name as string, jobs: Object.keys(processor.handlers) };
      });

    expect(processors.length).toBeGreaterThan(0);
    expect(unhandledJobs(processors)).toEqual([]);
    expect(processors.flatMap(({ jobs }) => jobs).sort()).toEqual(Object.keys(JOB_QUEUE).sort());
  });
});

describe('JobProcessor', () => {
  class TrendingJobs extends JobProcessor<'trending'> {
    readonly handlers: JobHandlers<'trending'> = {
      'trending-refresh': async ({ trigger }) => ({ refreshId: trigger === 'manual' ? 1 : 2, itemCount: 0, topicCount: 0, failedSources: 0 }),
    };
  }

  it("runs a job by its name's handler", async () => {
    const job = { name: 'trending-refresh', queueName: 'trending', data: { trigger: 'manual' } } as Job;
    await expect(new TrendingJobs().process(job)).resolves.toMatchObject({ refreshId: 1 });
  });

  it('fails a job of a name it has no handler for', async () => {
    const job = { name: 'toString', queueName: 'trending', data: {} } as Job;
    await expect(new TrendingJobs().process(job)).rejects.toThrow("Unknown trending job 'toString'");
  });
});
