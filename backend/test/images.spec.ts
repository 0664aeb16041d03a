import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { REDIS } from '../src/common/redis.token.js';
import { countLiveWorkers } from '../src/modules/health/index.js';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RegenerateImagesResponseSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import type { AppConfig } from '../src/config/app-config.js';
import { articleImageDir } from '../src/modules/media/article-image.service.js';
import { ImagesService, imageJobId } from '../src/modules/media/images.service.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { configOf, testConfig, uniqueSuffix } from './support/test-config.js';
import { startWorkerProcess, stopProcess } from './support/worker-process.js';
import { recordSecurity } from '../../scripts/lib/security-ledger.mjs';
import { suiteRedisUrl } from './support/suite-redis.js';
import { until } from './support/until.js';

/** Queues of their own (Redis database 12), so only this file's workers take its jobs. */
const REDIS_URL = suiteRedisUrl('images');
const QUEUE_TIMINGS = { QUEUE_LOCK_DURATION_MS: '2000', QUEUE_STALLED_INTERVAL_MS: '1000' };
const ARTICLE_COUNT = 200;
const IMAGE_URL = /^\/media\/articles\/(\d+)\/(v[a-z0-9]+)-1200x630\.webp$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Image regeneration with real worker processes, against a database of its own (regenerateAll acts
 * on every article): one job per article, each article ends with exactly one image, whatever
 * happens to the workers.
 */
describe('image regeneration', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let config: AppConfig;
  let em: EntityManager;
  let admin: SignedInAdmin;
  let ids: number[];
  let bothWorkersSince: Date;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    // A backup every second: both workers set the schedule up, and it must still run once per tick.
    const worker = startWorkerProcess({
      DATABASE_URL: own.url,
      REDIS_URL,
      MEDIA_DIR: config.images.mediaDir,
      BACKUP_DIR: config.backup.dir,
      BACKUP_CRON: '* * * * * *',
      ...QUEUE_TIMINGS,
    });
    workers.push(worker);
    return worker;
  };
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().execute<T[]>(query, params);
  const imageUrls = async () =>
    new Map((await sql<{ id: number; image_url: string | null }>('select id, image_url from article order by id')).map((row) => [row.id, row.image_url]));
  /** The files of each article's image folder. */
  const folders = async (articleIds: number[]) =>
    Promise.all(articleIds.map(async (id) => (await fs.readdir(articleImageDir(config.images.mediaDir, id)).catch(() => [] as string[])).sort()));

  /** Every article points at an image of a version it did not have before, and its folder holds that version only, in both sizes. */
  async function expectOneNewImageEach(before: Map<number, string | null>, articleIds = ids): Promise<Map<number, string | null>> {
    const after = await imageUrls();
    const files = await folders(articleIds);
    articleIds.forEach((id, i) => {
      const url = after.get(id)!;
      const match = IMAGE_URL.exec(url ?? '');
      expect({ id, url, isNew: url !== before.get(id) }).toEqual({ id, url: expect.stringMatching(IMAGE_URL), isNew: true });
      expect(match![1]).toBe(String(id));
      expect(files[i]).toEqual([`${match![2]}-1200x630.webp`, `${match![2]}-600x315.webp`]);
    });
    return after;
  }

  beforeAll(async () => {
    own = await createOwnDatabase();
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url, REDIS_URL, JOB_WAIT_TIMEOUT_MS: '50000', ...QUEUE_TIMINGS }));
    config = configOf(app);
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    const suffix = uniqueSuffix();
    ids = (
      await sql<{ id: number }>(
        `insert into article (title, slug, content, category, approved, image_url, created_at, updated_at)
         select 'Cover story ' || g, ? || '-' || g, '<p>Body</p>', (array['Politics','Technology','Culture','Economics','Global Events','Sport'])[1 + g % 6], true,
                '/media/covers/old.svg', now(), now()
           from generate_series(1, ?) g returning id`,
        [`cover-${suffix}`, ARTICLE_COUNT],
      )
    ).map((row) => row.id);
    startWorker();
    startWorker();
    // Ready once both have reported (heartbeats in this Redis database: BullMQ's worker count also sees
    // other suites' workers) and the backup schedule they set up exists.
    const recovery = app.get(JobProducer).queue('recovery');
    await until(
      'both workers and the backup schedule',
      async () => ({ workers: await countLiveWorkers(app.get(REDIS)), schedulers: await recovery.getJobSchedulersCount() }),
      (seen) => seen.workers >= 2 && seen.schedulers > 0,
      // Two workers booting on a busy machine.
      90_000,
      50,
    );
    bothWorkersSince = new Date();
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => stopProcess(worker)));
    await app.close();
    await own.drop();
  });

  it(`regenerates all ${ARTICLE_COUNT} images with two workers: every article gets exactly one new image`, async () => {
    const before = await imageUrls();
    const revisionsBefore = (await sql<{ n: number }>('select count(*)::int as n from article_revision'))[0]!.n;
    const response = await app.inject({ method: 'POST', url: '/api/admin/regenerate-images', headers: admin.headers, payload: { regenerateAll: true } });
    expect(response.statusCode).toBe(200);
    // The answer counts what was done within the wait and what is still under way; a busy machine may
    // answer before every image is made, and the rest are made after it.
    const outcome = RegenerateImagesResponseSchema.parse(response.json());
    expect(outcome.queuedCount).toBe(ARTICLE_COUNT);
    expect(outcome.updatedCount + (outcome.pendingCount ?? 0)).toBe(ARTICLE_COUNT);
    const replaced = async () => [...(await imageUrls())].filter(([id, url]) => ids.includes(id) && url !== before.get(id)).length;
    for (let i = 0; i < 1800 && (await replaced()) < ARTICLE_COUNT; i++) await sleep(100);
    const after = await expectOneNewImageEach(before);
    // One change per article: one revision each (the imageUrl update), none written twice.
    expect((await sql<{ n: number }>('select count(*)::int as n from article_revision'))[0]!.n - revisionsBefore).toBe(ARTICLE_COUNT);

    // Served from the media folder, cached for a year (a new image always has a new name).
    const url = after.get(ids[0]!)!;
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    const small = await sharp(await fs.readFile(path.join(config.images.mediaDir, url.replace('/media/', '').replace('1200x630', '600x315')))).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 600, height: 315 });
  }, 300_000);

  it('runs the scheduled backup once per tick for the whole cluster, not once per worker', async () => {
    const schedulers = await app.get(JobProducer).queue('recovery').getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key)).toEqual(['backup-snapshot']);
    await sleep(2_500);
    const until = new Date();
    const [{ n }] = (await sql<{ n: number }>(`select count(*)::int as n from article_backup where reason = 'schedule' and created_at between ? and ?`, [
      bothWorkersSince,
      until,
    ])) as [{ n: number }];
    const seconds = Math.ceil((until.getTime() - bothWorkersSince.getTime()) / 1000);
    expect(n).toBeGreaterThanOrEqual(2);
    expect(n).toBeLessThanOrEqual(seconds + 1);
  });

  it('asking twice while a job is queued does the work once', async () => {
    const [id] = ids;
    const queue = app.get(JobProducer).queue('images');
    const before = await imageUrls();
    await queue.pause();
    try {
      const [first, second] = await Promise.all([
        app.get(ImagesService).regenerate({ blogIds: [id!] }, 100),
        app.get(ImagesService).regenerate({ blogIds: [id!] }, 100),
      ]);
      expect([first.pendingCount, second.pendingCount]).toEqual([1, 1]);
      const counts = await queue.getJobCounts();
      expect((counts.waiting ?? 0) + (counts.paused ?? 0) + (counts.prioritized ?? 0) + (counts.active ?? 0)).toBe(1);
    } finally {
      await queue.resume();
    }
    for (let i = 0; i < 200 && (await queue.getJobState(imageJobId(id!))) !== 'unknown'; i++) await sleep(50);
    const after = await imageUrls();
    expect(after.get(id!)).not.toBe(before.get(id!));
    expect((await folders([id!]))[0]).toHaveLength(2);
    expect((await sql('select id from article_revision where article_id = ? and snapshot->>? = ?', [id, 'image_url', after.get(id!)])).length).toBe(1);
  });

  it('an article that keeps failing is retried with backoff and never holds up the others', async () => {
    const [broken, ...others] = ids.slice(-3);
    // A file where the article's image folder should be: every attempt for it fails.
    await fs.mkdir(path.join(config.images.mediaDir, 'articles'), { recursive: true });
    await fs.rm(articleImageDir(config.images.mediaDir, broken!), { recursive: true, force: true });
    await fs.writeFile(articleImageDir(config.images.mediaDir, broken!), 'not a folder');
    const before = await imageUrls();

    // Long enough for the two good ones and a first retry of the broken one (2 s backoff).
    const outcome = await app.get(ImagesService).regenerate({ blogIds: [broken!, ...others] }, 2_500);
    expect(outcome).toMatchObject({ updatedCount: 2, queuedCount: 3, pendingCount: 1 });
    const after = await imageUrls();
    for (const id of others) expect(after.get(id)).not.toBe(before.get(id));
    expect(after.get(broken!)).toBe(before.get(broken!));
    const job = await app.get(JobProducer).queue('images').getJob(imageJobId(broken!));
    expect(job!.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(['delayed', 'waiting', 'active']).toContain(await job!.getState());
    await job!.remove().catch(() => undefined);
    await fs.rm(articleImageDir(config.images.mediaDir, broken!), { force: true });
  });

  it('runs recovery jobs one at a time across the two workers', async () => {
    const jobs = await Promise.all([1, 2, 3, 4].map((n) => app.get(JobProducer).enqueue('quick-recovery', { requestedBy: `overlap ${n}` })));
    const queue = app.get(JobProducer).queue('recovery');
    for (let i = 0; i < 300; i++) {
      const states = await Promise.all(jobs.map((job) => queue.getJobState(job.id!)));
      if (states.every((state) => state === 'completed')) break;
      await sleep(50);
    }
    const runs = (await Promise.all(jobs.map((job) => queue.getJob(job.id!)))).map((job) => ({ from: job!.processedOn!, to: job!.finishedOn! }));
    expect(runs.every((run) => run.from > 0 && run.to >= run.from)).toBe(true);
    runs.sort((a, b) => a.from - b.from);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.from).toBeGreaterThanOrEqual(runs[i - 1]!.to);
  });

  it('a worker killed in the middle of image jobs: the jobs finish elsewhere, one image per article', async () => {
    const subset = ids.slice(0, 60);
    const before = await imageUrls();
    const done = async () => {
      const now = await imageUrls();
      return subset.filter((id) => now.get(id) !== before.get(id)).length;
    };
    expect((await app.get(ImagesService).regenerate({ blogIds: subset }, 0)).queuedCount).toBe(subset.length);
    for (let i = 0; i < 500 && (await done()) < 6; i++) await sleep(10);
    workers[0]!.kill('SIGKILL');
    expect(await done()).toBeLessThan(subset.length);

    // The one worker left makes the rest, and takes over the killed one's jobs once their locks expire:
    // however long a busy machine takes for that, every article ends with its one new image.
    for (let i = 0; i < 1800 && (await done()) < subset.length; i++) await sleep(100);
    const finished = await done();
    recordSecurity('images-worker-kill', { faultsInjected: 1, writesLost: subset.length - finished });
    expect(finished).toBe(subset.length);
    await expectOneNewImageEach(before, subset);
  }, 240_000);
});
