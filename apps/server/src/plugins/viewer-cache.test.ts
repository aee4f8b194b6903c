import { describe, expect, it } from 'vitest';
import type { Viewer } from '../app-types.js';
import type { CachedSession } from '../app-types.js';
import { createViewerCache } from './viewer-cache.js';

const session = (userId: string, role: Viewer['role'] = 'user'): CachedSession => ({
  viewer: {
    id: userId,
    email: `${userId}@example.com`,
    name: userId,
    role,
    premiumTaken: null,
    premiumArticles: null,
    sessionId: 's',
  },
  user: {
    _id: userId,
    name: userId,
    email: `${userId}@example.com`,
    profile_pic: '/api/uploads/me.webp',
    role,
    premiumTaken: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_login_at: null,
    last_log_in: null,
    slug: userId,
    bio: '',
    links: {},
  },
  expiresAt: new Date(8_640_000_000_000),
});
const always = () => true;

/** A loader that counts its calls and answers the current row of `rows`. */
function database(rows: Record<string, CachedSession>) {
  const calls = { count: 0 };
  const load = (userId: string) => async () => {
    calls.count += 1;
    return rows[userId];
  };
  return { calls, load };
}

describe('the viewer cache', () => {
  it('loads a session once, then answers from memory until the user is invalidated', async () => {
    const rows = { u1: session('u1') };
    const { calls, load } = database(rows);
    const cache = createViewerCache();
    await cache.resolve('s1', 'u1', always, load('u1'));
    await cache.resolve('s1', 'u1', always, load('u1'));
    expect(calls.count).toBe(1);
    rows.u1 = session('u1', 'admin');
    expect((await cache.resolve('s1', 'u1', always, load('u1')))?.viewer.role).toBe('user');
    await cache.invalidateUser('u1');
    expect((await cache.resolve('s1', 'u1', always, load('u1')))?.viewer.role).toBe('admin');
    expect(calls.count).toBe(2);
  });

  it("keeps other users' viewers when one user is invalidated", async () => {
    const { calls, load } = database({ u1: session('u1'), u2: session('u2') });
    const cache = createViewerCache();
    await cache.resolve('s1', 'u1', always, load('u1'));
    await cache.resolve('s2', 'u2', always, load('u2'));
    await cache.invalidateUser('u1');
    await cache.resolve('s2', 'u2', always, load('u2'));
    expect(calls.count).toBe(2);
  });

  it('invalidates many users in one call, and only them', async () => {
    const rows: Record<string, CachedSession> = {};
    for (let n = 0; n < 1200; n += 1) rows[`u${n}`] = session(`u${n}`);
    const { calls, load } = database(rows);
    const cache = createViewerCache();
    for (let n = 0; n < 1200; n += 1) await cache.resolve(`s${n}`, `u${n}`, always, load(`u${n}`));
    expect(calls.count).toBe(1200);
    await cache.invalidateUsers(Array.from({ length: 600 }, (_, n) => `u${n * 2}`));
    for (let n = 0; n < 1200; n += 1) await cache.resolve(`s${n}`, `u${n}`, always, load(`u${n}`));
    // The 600 invalidated load again; the others answer from memory.
    expect(calls.count).toBe(1800);
  });

  it('holds at most its bound, dropping the least recently used session', async () => {
    const { calls, load } = database({ u1: session('u1'), u2: session('u2'), u3: session('u3') });
    const cache = createViewerCache({ maxEntries: 2 });
    await cache.resolve('s1', 'u1', always, load('u1'));
    await cache.resolve('s2', 'u2', always, load('u2'));
    await cache.resolve('s1', 'u1', always, load('u1'));
    await cache.resolve('s3', 'u3', always, load('u3'));
    expect(cache.size).toBe(2);
    expect(calls.count).toBe(3);
    await cache.resolve('s1', 'u1', always, load('u1'));
    expect(calls.count).toBe(3);
    await cache.resolve('s2', 'u2', always, load('u2'));
    expect(calls.count).toBe(4);
  });

  it('reloads after its time to live, and whenever the caller finds the cached session unusable', async () => {
    let now = 0;
    const { calls, load } = database({ u1: session('u1') });
    const cache = createViewerCache({ now: () => now, ttlMs: 1000 });
    await cache.resolve('s1', 'u1', always, load('u1'));
    now = 999;
    await cache.resolve('s1', 'u1', always, load('u1'));
    expect(calls.count).toBe(1);
    now = 1000;
    await cache.resolve('s1', 'u1', always, load('u1'));
    expect(calls.count).toBe(2);
    await cache.resolve('s1', 'u1', () => false, load('u1'));
    expect(calls.count).toBe(3);
  });

  it('does not keep a load that overlapped an invalidation: it may hold the row from before', async () => {
    const cache = createViewerCache();
    let calls = 0;
    const stale = async () => {
      calls += 1;
      await cache.invalidateUser('u1');
      return session('u1');
    };
    await cache.resolve('s1', 'u1', always, stale);
    await cache.resolve('s1', 'u1', always, async () => ((calls += 1), session('u1', 'admin')));
    expect(calls).toBe(2);
  });

  it('never answers a session cached for one user to a token naming another', async () => {
    const { calls, load } = database({ u1: session('u1') });
    const cache = createViewerCache();
    await cache.resolve('s1', 'u1', always, load('u1'));
    await cache.resolve('s1', 'u2', always, load('u1'));
    expect(calls.count).toBe(2);
  });
});
