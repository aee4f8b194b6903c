import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export type CacheNamespace = 'catalog' | 'users';

/**
 * Caches public answers (lists, trending, publishers, stats) in each instance's memory, keyed by a
 * generation per namespace. A write bumps the generation after it commits; every instance reads
 * the generation before answering (from Redis when there is one), so no instance serves an answer
 * from before a completed write. The memory is bounded in bytes and the least recently used answers
 * go first, so a flood of one-off queries cannot push out the answers everybody asks for
 * (docs/decisions/018-response-cache-bounded-in-bytes.md). Concurrent misses of one key share a
 * single load, so an expensive answer (the funnel, a deep page) is computed once per instance when
 * many readers ask for it at the moment it expires.
 */
export interface ResponseCache {
  remember<T>(namespace: CacheNamespace, key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  invalidate(namespace: CacheNamespace): Promise<void>;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

const ENTRY_OVERHEAD = 100;

/**
 * What an entry counts against the budget: its answer's JSON length (pages and feeds are strings
 * already) plus its key and a fixed allowance for the bookkeeping. Objects take a small multiple of
 * their JSON in memory; the budget counts the JSON because it is cheap to know and proportional.
 */
export function entrySize(key: string, entry: Entry): number {
  const { value } = entry;
  const body = typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
  return ENTRY_OVERHEAD + key.length + body;
}

export function createResponseCache(options: { maxBytes: number; redis?: Redis; now?: () => number }): ResponseCache {
  const { redis } = options;
  const now = options.now ?? Date.now;
  // Expiry stays ours (the injected clock); lru-cache only bounds the size and keeps the recency order.
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => entrySize(key, entry),
  });
  const loading = new Map<string, Promise<unknown>>();
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
      const pending = loading.get(fullKey);
      if (pending) return pending as Promise<Awaited<ReturnType<typeof load>>>;
      const loaded = load()
        .then((value) => {
          entries.set(fullKey, { value, expiresAt: now() + ttlMs });
          return value;
        })
        .finally(() => loading.delete(fullKey));
      loading.set(fullKey, loaded);
      return loaded;
    },
    async invalidate(namespace) {
      localGenerations[namespace] += 1;
      if (redis) await redis.incr(redisKey(namespace));
      const stale = [...entries.keys()].filter((key) => key.startsWith(`${namespace}:`));
      for (const key of stale) entries.delete(key);
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
