import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createResponseCache } from '../plugins/response-cache.js';
import { createViewerCache } from '../plugins/viewer-cache.js';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { commit, type CommitDeps } from './commit.js';
import { publishers } from './schema.js';

describe('commit: what a change made stale, and its effects, once it committed', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Database['db'];
  let deps: CommitDeps;
  let happened: string[];
  let slugs = 0;
  /** The publisher the test's transaction writes. */
  const slug = () => `commit-${slugs}`;

  /** Whether the test's publisher can be read from outside the transaction that writes it. */
  const seen = async () =>
    (await db.select().from(publishers).where(eq(publishers.slug, slug()))).length > 0 ? 'committed' : 'not there';

  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.database.db;
  });
  afterAll(() => test.drop());

  beforeEach(() => {
    happened = [];
    slugs += 1;
    // The real caches, each recording what commit asks of it and what the database shows at that moment.
    deps = {
      db,
      cache: {
        ...createResponseCache({ maxBytes: 1_000_000 }),
        invalidate: async (namespace) => void happened.push(`stale ${namespace}: ${await seen()}`),
      },
      viewers: {
        ...createViewerCache(),
        invalidateUsers: async (userIds) => void happened.push(`viewers ${userIds.join(',')}: ${await seen()}`),
      },
    };
  });

  it('invalidates each stale namespace and viewer once, then runs the effects in order, all after the commit', async () => {
    const answer = await commit(deps, async (tx, after) => {
      await tx.insert(publishers).values({ name: slug(), slug: slug(), logo: '/api/uploads/logo.webp' });
      after.stale('users');
      after.viewerChanged('user-1');
      after.call(async () => void happened.push(`first effect: ${await seen()}`));
      after.stale('users');
      after.viewerChanged('user-1');
      after.call(async () => void happened.push(`second effect: ${await seen()}`));
      happened.push('work done');
      return 'the answer';
    });

    expect(answer).toBe('the answer');
    expect(happened).toEqual([
      'work done',
      'viewers user-1: committed',
      'stale users: committed',
      'first effect: committed',
      'second effect: committed',
    ]);
  });

  it('runs nothing it noted when the transaction rolls back, and passes the failure on', async () => {
    const failure = commit(deps, async (tx, after) => {
      await tx.insert(publishers).values({ name: slug(), slug: slug(), logo: '/api/uploads/logo.webp' });
      after.stale('users');
      after.viewerChanged('user-1');
      after.call(async () => void happened.push('effect'));
      throw new Error('refused halfway');
    });

    await expect(failure).rejects.toThrow('refused halfway');
    expect(happened).toEqual([]);
    expect(await seen()).toBe('not there');
  });
});
