import type { Redis } from 'ioredis';

export type CacheNamespace = 'catalog' | 'users';

/**
 * Caches public answers (lists, trending, publishers, stats) in each instance's memory, keyed by a
 * generation per namespace. A write bumps the generation after it commits; every instance reads
 * the generation before answering (from Redis when there is one), so no instance serves an answer
 * from before a completed write.
 */
export interface ResponseCache {
  remember<T>(namespace: CacheNamespace, key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  invalidate(namespace: CacheNamespace): Promise<void>;
}

const MAX_ENTRIES = 2000;

export function createResponseCache(options: { redis?: Redis; now?: () => number } = {}): ResponseCache {
  const { redis } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  const localGenerations: Record<CacheNamespace, number> = { catalog: 0, users: 0 };
  const redisKey = (namespace: CacheNamespace) => `dispatch-cache:generation:${namespace}`;

  async function generation(namespace: CacheNamespace): Promise<string> {
    if (!redis) return String(localGenerations[namespace]);
    return (await redis.get(redisKey(namespace))) ?? '0';
  }

  return {
    async remember(namespace, key, ttlMs, load) {
      const fullKey = `${namespace}:${await generation(namespace)}:${key}`;
      const hit = entries.get(fullKey);
      if (hit && hit.expiresAt > now()) return hit.value as Awaited<ReturnType<typeof load>>;
      const value = await load();
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(fullKey, { value, expiresAt: now() + ttlMs });
      return value;
    },
    async invalidate(namespace) {
      localGenerations[namespace] += 1;
      if (redis) await redis.incr(redisKey(namespace));
      for (const key of entries.keys()) if (key.startsWith(`${namespace}:`)) entries.delete(key);
    },
  };
}

/** The cache key of a query: the same filters in any order or letter case give one key. */
export function normalisedKey(parts: Record<string, string | number | undefined>): string {
  return Object.entries(parts)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${String(value).trim().toLowerCase()}`)
    .sort()
    .join('&');
}
