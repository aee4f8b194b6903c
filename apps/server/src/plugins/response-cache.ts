import { LRUCache } from 'lru-cache';
import type { SharedRedis } from './redis.js';

export type CacheNamespace = 'catalogue' | 'users' | 'plans' | 'settings';

/**
 * Caches public answers (lists, trending, publishers, stats) in each instance's memory, keyed by a
 * generation per namespace. A write bumps the generation after it commits; every instance reads
 * the generation before answering (from Redis when there is one), so no instance serves an answer
 * from before a completed write. The memory is bounded in bytes and the least recently used answers
 * go first, so a flood of one-off queries cannot push out the answers everybody asks for
 * (docs/decisions/018-response-cache-bounded-in-bytes.md). Concurrent misses of one key share a
 * single load, so an expensive answer (the funnel, a deep page) is computed once per instance when
 * many readers ask for it at the moment it expires.
 *
 * While Redis is out no instance can learn of another's writes, so answers are kept at most
 * `OUTAGE_TTL_MS`, under keys of their own; a write's bump that could not reach Redis is made when it
 * is back, and every instance then forgets what it kept (docs/decisions/038-redis-outages-and-draining.md).
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

// Stored names, like a table's: the catalogue's generation keeps the key an earlier build reads and bumps, so
// during a rolling deploy both builds see each other's writes.
const GENERATION_KEYS: Record<CacheNamespace, string> = {
  catalogue: 'dispatch-cache:generation:catalog',
  users: 'dispatch-cache:generation:users',
  plans: 'dispatch-cache:generation:plans',
  settings: 'dispatch-cache:generation:settings',
};
export const OUTAGE_TTL_MS = 5_000;

/**
 * About the length of `value`'s JSON, without building it: a text counts its length, any other scalar a few
 * bytes. Building the JSON would copy every article's text once more on each cache miss.
 */
function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  if (value instanceof Date) return 26;
  // Bytes (a shared page's) are counted as they are held, not as their JSON would spell them.
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof Set) return jsonLength([...value]);
  let length = 2;
  if (Array.isArray(value)) {
    for (const item of value) length += jsonLength(item) + 1;
    return length;
  }
  for (const [name, item] of Object.entries(value)) length += name.length + 4 + jsonLength(item);
  return length;
}

/**
 * What an entry counts against the budget: about its answer's JSON length (pages and feeds are strings
 * already) plus its key and a fixed allowance for the bookkeeping. Objects take a small multiple of
 * their JSON in memory; the budget counts the JSON because it is proportional.
 */
export function entrySize(key: string, entry: Entry): number {
  return ENTRY_OVERHEAD + key.length + jsonLength(entry.value);
}

export function createResponseCache(options: {
  maxBytes: number;
  redis?: SharedRedis;
  now?: () => number;
}): ResponseCache {
  const { redis } = options;
  const now = options.now ?? Date.now;
  // Expiry stays ours (the injected clock); lru-cache only bounds the size and keeps the recency order.
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => entrySize(key, entry),
  });
  const loading = new Map<string, Promise<unknown>>();
  const localGenerations: Record<CacheNamespace, number> = { catalogue: 0, users: 0, plans: 0, settings: 0 };
  // Namespaces whose bump could not reach Redis: made as soon as it is back.
  const owed = new Set<CacheNamespace>();

  async function bump(namespace: CacheNamespace) {
    try {
      await redis!.call((client) => client.incr(GENERATION_KEYS[namespace]));
      owed.delete(namespace);
    } catch {
      owed.add(namespace);
    }
  }
  redis?.onRecovered(() => {
    entries.clear();
    for (const namespace of owed) void bump(namespace);
  });

  /** The namespace's generation; undefined while Redis is out. */
  async function generation(namespace: CacheNamespace): Promise<string | undefined> {
    if (!redis) return String(localGenerations[namespace]);
    try {
      return (await redis.call((client) => client.get(GENERATION_KEYS[namespace]))) ?? '0';
    } catch {
      return undefined;
    }
  }

  return {
    async remember(namespace, key, ttlMs, load) {
      const current = await generation(namespace);
      const fullKey = `${namespace}:${current ?? 'redis-out'}:${key}`;
      const keepMs = current === undefined ? Math.min(ttlMs, OUTAGE_TTL_MS) : ttlMs;
      const hit = entries.get(fullKey);
      if (hit && hit.expiresAt > now()) return hit.value as Awaited<ReturnType<typeof load>>;
      const pending = loading.get(fullKey);
      if (pending) return pending as Promise<Awaited<ReturnType<typeof load>>>;
      const loaded = load()
        .then((value) => {
          entries.set(fullKey, { value, expiresAt: now() + keepMs });
          return value;
        })
        .finally(() => loading.delete(fullKey));
      loading.set(fullKey, loaded);
      return loaded;
    },
    async invalidate(namespace) {
      localGenerations[namespace] += 1;
      const stale = [...entries.keys()].filter((key) => key.startsWith(`${namespace}:`));
      for (const key of stale) entries.delete(key);
      if (redis) await bump(namespace);
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
