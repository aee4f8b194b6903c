import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type SharedRedis } from '../../plugins/redis.js';
import { createAttemptLimiter, createMemoryAttemptLimiter } from './attempt-limiter.js';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? connectRedis(redisUrl, pino({ level: 'silent' })) : undefined;
beforeAll(() => redis?.settled());
afterAll(() => redis?.close());

function limiterTests(store: SharedRedis | undefined) {
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

describe('the attempt limiter', () => limiterTests(undefined));
// Against Redis when TEST_REDIS_URL is set (as CI does); shown as skipped otherwise.
describe.runIf(redis)('the attempt limiter in Redis', () => limiterTests(redis));

describe('the attempt limiter in memory', () => {
  const WINDOW_MS = 15 * 60_000;
  function limiterWithClock(maxKeys?: number) {
    let time = Date.parse('2026-11-23T10:00:00Z');
    const attempts = createMemoryAttemptLimiter({ max: 3, windowMs: WINDOW_MS, now: () => time, maxKeys });
    return { attempts, advance: (ms: number) => (time += ms) };
  }

  it('forgets keys whose window has passed, so a flood of made-up keys is let go', async () => {
    const { attempts, advance } = limiterWithClock();
    for (let i = 0; i < 5000; i += 1) await attempts.take(`account:random${i}@example.com`);
    expect(attempts.size()).toBe(5000);
    advance(WINDOW_MS / 2);
    for (let i = 0; i < 10; i += 1) await attempts.take(`account:later${i}@example.com`);
    expect(attempts.size()).toBe(5010);
    advance(WINDOW_MS / 2);
    expect(attempts.size()).toBe(10);
    advance(WINDOW_MS);
    expect(attempts.size()).toBe(0);
  });

  it('never holds more than its cap, dropping the key nearest its end first', async () => {
    const { attempts, advance } = limiterWithClock(100);
    for (let i = 0; i < 4; i += 1) await attempts.take('account:kept@example.com');
    for (let i = 0; i < 99; i += 1) {
      advance(1);
      await attempts.take(`account:flood${i}@example.com`);
    }
    expect(attempts.size()).toBe(100);
    expect(await attempts.take('account:flood98@example.com')).toBe(0);
    for (let i = 99; i < 1000; i += 1) await attempts.take(`account:flood${i}@example.com`);
    expect(attempts.size()).toBe(100);
    // The oldest went first: the blocked key is forgotten, the newest flood key still counted.
    expect(await attempts.take('account:kept@example.com')).toBe(0);
    for (let i = 0; i < 3; i += 1) await attempts.take('account:flood999@example.com');
    expect(await attempts.take('account:flood999@example.com')).toBeGreaterThan(0);
  });

  it('keeps a blocked key that the cap has not reached', async () => {
    const { attempts } = limiterWithClock(100);
    for (let i = 0; i < 4; i += 1) await attempts.take('account:blocked@example.com');
    for (let i = 0; i < 98; i += 1) await attempts.take(`account:other${i}@example.com`);
    expect(await attempts.take('account:blocked@example.com')).toBeGreaterThan(0);
  });

  it('drops a key whose attempts were all handed back', async () => {
    const { attempts } = limiterWithClock();
    await attempts.take('address:192.0.2.1');
    await attempts.take('address:192.0.2.1');
    await attempts.release('address:192.0.2.1');
    expect(attempts.size()).toBe(1);
    await attempts.release('address:192.0.2.1');
    expect(attempts.size()).toBe(0);
    await attempts.take('address:192.0.2.2');
    await attempts.clear('address:192.0.2.2');
    expect(attempts.size()).toBe(0);
  });
});
