import type { Redis } from 'ioredis';

/**
 * Counts failures only (a successful login does not count) and blocks a key after `max` of them
 * within `windowMs`. Shared between instances through Redis when there is one.
 */
export interface AttemptLimiter {
  /** Seconds until the key may try again; 0 when it may now. */
  blockedFor(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createAttemptLimiter(options: { max: number; windowMs: number; redis?: Redis }): AttemptLimiter {
  const { max, windowMs, redis } = options;
  if (redis) {
    const name = (key: string) => `dispatch-attempts:${key}`;
    return {
      async blockedFor(key) {
        const [count, ttl] = await Promise.all([redis.get(name(key)), redis.pttl(name(key))]);
        return Number(count ?? 0) >= max && ttl > 0 ? Math.ceil(ttl / 1000) : 0;
      },
      async fail(key) {
        const count = await redis.incr(name(key));
        if (count === 1) await redis.pexpire(name(key), windowMs);
      },
      async clear(key) {
        await redis.del(name(key));
      },
    };
  }
  const failures = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = failures.get(key);
    if (entry && entry.resetAt <= Date.now()) failures.delete(key);
    return failures.get(key);
  };
  return {
    async blockedFor(key) {
      const entry = live(key);
      return entry && entry.count >= max ? Math.ceil((entry.resetAt - Date.now()) / 1000) : 0;
    },
    async fail(key) {
      const entry = live(key);
      if (entry) entry.count += 1;
      else failures.set(key, { count: 1, resetAt: Date.now() + windowMs });
    },
    async clear(key) {
      failures.delete(key);
    },
  };
}
