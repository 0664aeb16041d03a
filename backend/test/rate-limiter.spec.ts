import { HttpException } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterService } from '../src/common/rate-limiter.service.js';
import { uniqueSuffix } from './support/test-config.js';

/** The limiter against the run's real Redis: several limits of one call are checked in one script, in order. */
describe('RateLimiterService', () => {
  let redis: Redis;
  let limiter: RateLimiterService;
  let suffix: string;

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
    limiter = new RateLimiterService(redis);
  });
  beforeEach(() => {
    suffix = uniqueSuffix();
  });
  afterAll(async () => {
    await redis.quit();
  });

  const count = async (key: string) => Number(await redis.get(`ai-mind:rate:${key}`));
  const status = (call: Promise<void>) =>
    call.then(
      () => 'ok',
      (error: unknown) => (error instanceof HttpException ? error.getStatus() : error),
    );

  it('lets the limit through, then answers 429 with the seconds left in the window', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await status(limiter.consume(`one:${suffix}`, 2, 60)));
    expect(results).toEqual(['ok', 'ok', 429, 429]);
    const error = await limiter.consume(`one:${suffix}`, 2, 60).catch((e: HttpException) => e);
    expect((error as HttpException).getResponse()).toMatchObject({ error: 'Too Many Requests', retryAfter: expect.any(Number) });
    expect(await redis.ttl(`ai-mind:rate:one:${suffix}`)).toBeGreaterThan(0);
  });

  it('stops at the first limit exceeded: later limits of the call are not charged', async () => {
    const limits = () => [
      { key: `first:${suffix}`, limit: 1, windowSeconds: 60 },
      { key: `second:${suffix}`, limit: 5, windowSeconds: 3600 },
    ];
    expect(await status(limiter.consumeAll(limits()))).toBe('ok');
    expect(await status(limiter.consumeAll(limits()))).toBe(429);
    expect(await status(limiter.consumeAll(limits()))).toBe(429);
    expect([await count(`first:${suffix}`), await count(`second:${suffix}`)]).toEqual([3, 1]);
    expect(await redis.ttl(`ai-mind:rate:second:${suffix}`)).toBeGreaterThan(60);
  });

  it('charges every limit of a call that passes, each with its own window', async () => {
    const limits = [
      { key: `a:${suffix}`, limit: 3, windowSeconds: 60 },
      { key: `b:${suffix}`, limit: 3, windowSeconds: 7200 },
    ];
    await limiter.consumeAll(limits);
    await limiter.consumeAll(limits);
    expect([await count(`a:${suffix}`), await count(`b:${suffix}`)]).toEqual([2, 2]);
    expect(await redis.ttl(`ai-mind:rate:a:${suffix}`)).toBeLessThanOrEqual(60);
    expect(await redis.ttl(`ai-mind:rate:b:${suffix}`)).toBeGreaterThan(3600);
  });
});
