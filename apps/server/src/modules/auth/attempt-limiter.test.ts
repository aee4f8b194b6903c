import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true }) : undefined;
afterAll(() => redis?.quit());

function limiterTests(store: Redis | undefined) {
  const limiter = () => createAttemptLimiter({ max: 3, windowMs: 60_000, redis: store });
  const key = () => `test:${randomUUID()}`;

  it('lets max attempts through, then says how long to wait', async () => {
    const attempts = limiter();
    const k = key();
    expect([await attempts.take(k), await attempts.take(k), await attempts.take(k)]).toEqual([0, 0, 0]);
    const wait = await attempts.take(k);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('counts attempts taken at the same moment', async () => {
    const attempts = limiter();
    const k = key();
    const waits = await Promise.all(Array.from({ length: 8 }, () => attempts.take(k)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
  });

  it('gives back a released attempt, and forgets a cleared key', async () => {
    const attempts = limiter();
    const k = key();
    for (let i = 0; i < 3; i += 1) await attempts.take(k);
    await attempts.release(k);
    expect(await attempts.take(k)).toBe(0);
    expect(await attempts.take(k)).toBeGreaterThan(0);
    await attempts.clear(k);
    expect(await attempts.take(k)).toBe(0);
  });

  it('does not bring back an expired key by releasing it', async () => {
    const attempts = limiter();
    const k = key();
    await attempts.release(k);
    for (let i = 0; i < 3; i += 1) expect(await attempts.take(k)).toBe(0);
    expect(await attempts.take(k)).toBeGreaterThan(0);
  });
}

describe('the attempt limiter in memory', () => limiterTests(undefined));
// Against Redis when TEST_REDIS_URL is set (as CI does); shown as skipped otherwise.
describe.runIf(redis)('the attempt limiter in Redis', () => limiterTests(redis));
