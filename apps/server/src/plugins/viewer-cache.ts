import type { CachedSession, ViewerCache } from '../app-types.js';
import type { SharedRedis } from './redis.js';

export const VIEWER_CACHE_MAX_ENTRIES = 10_000;
// Only a bound for a change that could not bump the generation (Redis failed after the commit);
// every ordinary change is seen on the next request.
export const VIEWER_CACHE_TTL_MS = 30_000;
// Longer than any entry lives, so an expired key (read as '0' again) cannot match an entry from before.
const GENERATION_KEY_TTL_SECONDS = 24 * 60 * 60;
// A batch of changes (the renewal job's) bumps its users' generations in few round trips.
const BUMPS_PER_ROUND_TRIP = 500;

interface Entry extends CachedSession {
  generation: string;
  storedAt: number;
}

export function createViewerCache(
  options: { redis?: SharedRedis; now?: () => number; maxEntries?: number; ttlMs?: number } = {},
): ViewerCache {
  const { redis } = options;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? VIEWER_CACHE_MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? VIEWER_CACHE_TTL_MS;
  // A Map keeps insertion order: re-inserting on a hit and dropping the first key makes it least-recently-used.
  const entries = new Map<string, Entry>();
  // Counts this process's invalidations: a load that overlapped one may hold rows from before it.
  let localEpoch = 0;
  const redisKey = (userId: string) => `dispatch-auth:generation:${userId}`;

  /** The user's shared generation; undefined when Redis cannot say, and then nothing is cached. */
  async function generation(userId: string): Promise<string | undefined> {
    if (!redis) return '';
    try {
      return (await redis.call((client) => client.get(redisKey(userId)))) ?? '0';
    } catch {
      return undefined;
    }
  }

  // Users whose change could not reach Redis: bumped as soon as it is back (a bounded list; past it,
  // a change waits for the entries' 30 s).
  const owed = new Set<string>();
  async function bump(userIds: readonly string[]) {
    for (let start = 0; start < userIds.length; start += BUMPS_PER_ROUND_TRIP) {
      const some = userIds.slice(start, start + BUMPS_PER_ROUND_TRIP);
      try {
        await redis!.call((client) => {
          const bumps = client.multi();
          for (const userId of some) bumps.incr(redisKey(userId)).expire(redisKey(userId), GENERATION_KEY_TTL_SECONDS);
          return bumps.exec();
        });
        for (const userId of some) owed.delete(userId);
      } catch {
        for (const userId of some) if (owed.size < maxEntries) owed.add(userId);
      }
    }
  }
  redis?.onRecovered(() => {
    localEpoch += 1;
    entries.clear();
    void bump([...owed]);
  });

  async function invalidateUsers(userIds: readonly string[]) {
    if (userIds.length === 0) return;
    localEpoch += 1;
    const changed = new Set(userIds);
    for (const [sessionId, entry] of entries) if (changed.has(entry.viewer.id)) entries.delete(sessionId);
    if (redis) await bump(userIds);
  }

  function store(sessionId: string, entry: Entry) {
    entries.delete(sessionId);
    entries.set(sessionId, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    async resolve(sessionId, userId, usable, load) {
      const epoch = localEpoch;
      const current = await generation(userId);
      const hit = entries.get(sessionId);
      if (hit) {
        const fresh =
          current !== undefined &&
          hit.generation === current &&
          hit.viewer.id === userId &&
          now() - hit.storedAt < ttlMs &&
          usable(hit);
        if (fresh) {
          store(sessionId, hit);
          return hit;
        }
        entries.delete(sessionId);
      }
      const loaded = await load();
      if (loaded && current !== undefined && epoch === localEpoch && loaded.viewer.id === userId) {
        store(sessionId, { ...loaded, generation: current, storedAt: now() });
      }
      return loaded;
    },
    invalidateUser: (userId) => invalidateUsers([userId]),
    invalidateUsers,
    clear() {
      localEpoch += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
