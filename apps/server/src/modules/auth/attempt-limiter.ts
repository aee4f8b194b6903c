import { countInWindow, type SharedRedis } from '../../plugins/redis.js';

/**
 * Counts attempts and blocks a key after `max` of them within `windowMs`. An attempt is taken before
 * the (slow) password check, so requests sent in parallel cannot all slip under the limit; a
 * successful one is handed back (`release`) or wipes the count (`clear`), so successes do not count.
 * Shared between instances through Redis when there is one; while Redis is out, each instance counts
 * on its own (docs/decisions/038-redis-outages-and-draining.md).
 */
export interface AttemptLimiter {
  /** Counts one attempt: 0 when it may go ahead, else the seconds until the key may try again. */
  take(key: string): Promise<number>;
  /** Hands back one attempt that turned out fine. */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

// Decrements only a live key: a key that expired meanwhile must not come back without its expiry. A
// key back at zero goes.
const RELEASE_SCRIPT = `if redis.call('exists', KEYS[1]) == 0 then return 0 end
local count = redis.call('decr', KEYS[1])
if count <= 0 then redis.call('del', KEYS[1]) end
return count`;

interface LimiterOptions {
  max: number;
  windowMs: number;
  redis?: SharedRedis;
  /** Milliseconds since the epoch; the app's clock, so tests can move time. */
  now?: () => number;
  /** In memory only: the most keys kept at once. */
  maxKeys?: number;
}

export function createAttemptLimiter(options: LimiterOptions): AttemptLimiter {
  const { max, windowMs, redis } = options;
  const memory = createMemoryAttemptLimiter(options);
  if (!redis) return memory;
  const name = (key: string) => `dispatch-attempts:${key}`;
  return {
    async take(key) {
      try {
        const [count, ttl] = await redis.call((client) => countInWindow(client, name(key), windowMs));
        return count <= max ? 0 : Math.ceil(ttl / 1000);
      } catch {
        return memory.take(key);
      }
    },
    async release(key) {
      await redis.call((client) => client.eval(RELEASE_SCRIPT, 1, name(key))).catch(() => memory.release(key));
    },
    async clear(key) {
      await redis.call((client) => client.del(name(key))).catch(() => memory.clear(key));
    },
  };
}

// Enough for a busy site's failed logins in one window; a flood of made-up e-mails stops here.
const DEFAULT_MAX_KEYS = 100_000;

/**
 * The store without Redis. A key's window is fixed when it is first counted and a key is only ever
 * added at the end, so the Map's order is the order of expiry: expired keys are swept from the front
 * as new ones come in, and when the store is full the key nearest its end goes first.
 */
export function createMemoryAttemptLimiter(
  options: Omit<LimiterOptions, 'redis'>,
): AttemptLimiter & { size(): number } {
  const { max, windowMs, now = Date.now, maxKeys = DEFAULT_MAX_KEYS } = options;
  const attempts = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const time = now();
    for (const [key, entry] of attempts) {
      if (entry.resetAt > time) break;
      attempts.delete(key);
    }
  };
  const live = (key: string) => {
    const entry = attempts.get(key);
    if (entry && entry.resetAt <= now()) attempts.delete(key);
    return attempts.get(key);
  };
  return {
    async take(key) {
      sweep();
      let entry = live(key);
      if (entry) entry.count += 1;
      else {
        if (attempts.size >= maxKeys) attempts.delete(attempts.keys().next().value!);
        attempts.set(key, (entry = { count: 1, resetAt: now() + windowMs }));
      }
      return entry.count <= max ? 0 : Math.ceil((entry.resetAt - now()) / 1000);
    },
    async release(key) {
      const entry = live(key);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) attempts.delete(key);
    },
    async clear(key) {
      attempts.delete(key);
    },
    size() {
      sweep();
      return attempts.size;
    },
  };
}
