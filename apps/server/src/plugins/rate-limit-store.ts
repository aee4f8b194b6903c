import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import { countInWindow, type SharedRedis } from './redis.js';

// Keys this instance counts itself while Redis is out; the least recently counted go first.
const MAX_LOCAL_KEYS = 100_000;

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
// What @fastify/rate-limit hands `child()` at run time: the route's merged options and the route itself.
type ChildOptions = { routeInfo: { method: string | string[]; url: string } };

/**
 * @fastify/rate-limit's store with Redis: counts in Redis while it answers, shared by every instance,
 * and in this instance's memory while it does not (each instance then applies the limit on its own),
 * so a Redis outage neither fails a request nor lifts a limit. Keys are the plugin's own Redis
 * store's, so counts carry over from it.
 */
export function redisOrLocalStore(redis: SharedRedis, nameSpace: string): FastifyRateLimitStoreCtor {
  const local = new LRUCache<string, { count: number; resetAt: number }>({ max: MAX_LOCAL_KEYS });

  function countLocally(name: string, windowMs: number): Count {
    const now = Date.now();
    let entry = local.get(name);
    if (!entry || entry.resetAt <= now) local.set(name, (entry = { count: 0, resetAt: now + windowMs }));
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  }

  class RedisOrLocalStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const name = this.prefix + key;
      const locally = () => callback(null, countLocally(name, timeWindow));
      if (!redis.available) return locally();
      redis
        .call((client) => countInWindow(client, name, timeWindow))
        .then(([current, ttl]) => callback(null, { current, ttl }), locally);
    }

    child(options: unknown) {
      const { method, url } = (options as ChildOptions).routeInfo;
      return new RedisOrLocalStore(undefined, `${this.prefix}${String(method)}${url}-`);
    }
  }
  return RedisOrLocalStore;
}
