import type { Redis } from 'ioredis';

/**
 * Counts attempts and blocks a key after `max` of them within `windowMs`. An attempt is taken before
 * the (slow) password check, so requests sent in parallel cannot all slip under the limit; a
 * successful one is handed back (`release`) or wipes the count (`clear`), so successes do not count.
 * Shared between instances through Redis when there is one.
 */
export interface AttemptLimiter {
  /** Counts one attempt: 0 when it may go ahead, else the seconds until the key may try again. */
  take(key: string): Promise<number>;
  /** Hands back one attempt that turned out fine. */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

// Decrements only a live key: a key that expired meanwhile must not come back without its expiry.
const RELEASE_SCRIPT = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export function createAttemptLimiter(options: { max: number; windowMs: number; redis?: Redis }): AttemptLimiter {
  const { max, windowMs, redis } = options;
  if (redis) {
    const name = (key: string) => `dispatch-attempts:${key}`;
    return {
      async take(key) {
        const count = await redis.incr(name(key));
        if (count === 1) await redis.pexpire(name(key), windowMs);
        if (count <= max) return 0;
        const ttl = await redis.pttl(name(key));
        return ttl > 0 ? Math.ceil(ttl / 1000) : Math.ceil(windowMs / 1000);
      },
      async release(key) {
        await redis.eval(RELEASE_SCRIPT, 1, name(key));
      },
      async clear(key) {
        await redis.del(name(key));
      },
    };
  }
  const attempts = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = attempts.get(key);
    if (entry && entry.resetAt <= Date.now()) attempts.delete(key);
    return attempts.get(key);
  };
  return {
    async take(key) {
      let entry = live(key);
      if (entry) entry.count += 1;
      else attempts.set(key, (entry = { count: 1, resetAt: Date.now() + windowMs }));
      return entry.count <= max ? 0 : Math.ceil((entry.resetAt - Date.now()) / 1000);
    },
    async release(key) {
      const entry = live(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    },
    async clear(key) {
      attempts.delete(key);
    },
  };
}
