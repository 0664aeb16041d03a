import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import http from 'node:http';
import path from 'node:path';
import { createApiApp } from '../src/app/create-api-app.js';
import { ArticlesCacheService } from '../src/modules/articles/index.js';
import { createArticle } from './support/article-factory.js';
import { freePort, startRedis } from '../../scripts/lib/services.mjs';
import { writeFakeBuild } from './support/fake-web-build.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

const CHURN_MS = 4000;

/** A GET over one kept-alive connection per client, timed from the request to the last byte. */
function client() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get(origin: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
      const started = performance.now();
      return new Promise((resolve, reject) => {
        const request = http.request(`${origin}${url}`, { headers: { 'accept-encoding': 'gzip, br', ...headers }, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, ms: performance.now() - started }));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end();
      });
    },
    close: () => agent.destroy(),
  };
}

const madeUpCursor = () =>
  Buffer.from(
    JSON.stringify({
      c: `2025-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)} 10:00:00.123456+00`,
      i: 1 + Math.floor(Math.random() * 1e6),
    }),
  ).toString('base64url');

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

describe('what an anonymous client can make the server do', () => {
  let app: NestFastifyApplication;
  let origin: string;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;

  beforeAll(async () => {
    // Its own database and Redis: no other suite's writes change what is cached here while it is timed.
    [database, redis] = await Promise.all([createOwnDatabase(), freePort().then((port) => startRedis({ port }))]);
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(
      testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, DATABASE_URL: database.url, REDIS_URL: redis.url, PUBLIC_URL: 'https://news.example' }),
    );
    const em = app.get(EntityManager);
    // A home page of full size: a page of long cards.
    for (let i = 0; i < 12; i++) await createArticle(em, { content: `<p>${'A long paragraph of analysis. '.repeat(200)}</p>` });
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const cache = app.get(ArticlesCacheService);
    while (!cache.isCaching()) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), redis.stop()]);
  });

  it('keeps the cached list fast while 3 clients churn Host headers, cursors and categories of pages', async () => {
    const reader = client();
    const list = '/api/articles?approved=true';
    // Warm: the list and the home page are prepared before the churn starts, as on a running site.
    for (let i = 0; i < 5; i++) {
      await reader.get(origin, list);
      await reader.get(origin, '/');
    }
    const until = Date.now() + CHURN_MS;
    const statuses = new Map<string, number[]>();
    const churn = async (name: string, next: () => [string, Record<string, string>]) => {
      const own = client();
      const seen: number[] = [];
      statuses.set(name, seen);
      while (Date.now() < until) {
        const [url, headers] = next();
        seen.push((await own.get(origin, url, headers)).status);
      }
      own.close();
    };
    const attackers = Promise.all([
      churn('hosts', () => ['/', { host: `h${uniqueSuffix()}.attacker.example`, 'x-forwarded-host': `f${uniqueSuffix()}.example` }]),
      churn('cursors', () => [`/?cursor=${madeUpCursor()}`, {}]),
      churn('categories', () => [`/category/${uniqueSuffix()}`, {}]),
    ]);
    const times: number[] = [];
    while (Date.now() < until) {
      const answer = await reader.get(origin, list);
      expect(answer.status).toBe(200);
      times.push(answer.ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await attackers;
    reader.close();

    const p50 = percentile(times, 50);
    process.stderr.write(
      `churn: cached list p50 ${p50.toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms over ${times.length} reads; ` +
        `${[...statuses].map(([name, seen]) => `${name} ${seen.length} requests (${[...new Set(seen)].join('/')})`).join(', ')}\n`,
    );
    // The 25 ms target is the benchmark's (bench/lib/attack-scenarios.mjs, a machine to itself); here the
    // suite's other files share the same two cores, so the bound is looser, yet far under the 268 ms
    // that brotli at quality 11 on the event loop cost every reader.
    expect(p50).toBeLessThan(100);
    // Every churned page answered as the site would answer it, from the configured origin's point of view.
    expect(new Set(statuses.get('hosts'))).toEqual(new Set([200]));
    expect(statuses.get('categories')!.every((status) => status === 404)).toBe(true);
    expect(statuses.get('cursors')!.every((status) => status === 404)).toBe(true);
  });
});
