import type { ArticlePage, Publisher, UserStats } from '@dispatch/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../app-types.js';
import { articles } from '../db/schema.js';
import { insertArticle, insertPublisher, insertUser, makeImage } from '../test/fixtures.js';
import { bearer, signedInUser } from '../test/http.js';
import { createTestContext, type TestContext, openTwoInstances, type TwoInstances } from '../test/test-app.js';
import type { SharedRedis } from './redis.js';
import { createResponseCache, normalisedKey } from './response-cache.js';
import { writeStubWebApp } from '../test/stub-web-app.js';

const titlesOf = async (app: AppInstance, query = '') =>
  (await app.inject({ method: 'GET', url: `/api/articles/approved${query}` }))
    .json<ArticlePage>()
    .articles.map((article) => article.title);
const trendingOf = async (app: AppInstance) =>
  (await app.inject({ method: 'GET', url: '/api/articles/trending' })).json<{ title: string }[]>().map((a) => a.title);

describe('the response cache', () => {
  it('gives the same filters in any order or letter case one key', () => {
    expect(normalisedKey({ search: 'Budget ', tag: 'Health', page: 1 })).toBe(
      normalisedKey({ page: 1, tag: 'Health', search: 'budget' }),
    );
    expect(normalisedKey({ search: '', page: 1 })).toBe(normalisedKey({ page: 1 }));
  });

  it('expires entries and drops a namespace on invalidate', async () => {
    let now = 0;
    const cache = createResponseCache({ maxBytes: 1_000_000, now: () => now });
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await cache.remember('catalogue', 'k', 1000, load)).toBe(1);
    expect(await cache.remember('catalogue', 'k', 1000, load)).toBe(1);
    now = 1001;
    expect(await cache.remember('catalogue', 'k', 1000, load)).toBe(2);
    await cache.invalidate('users');
    expect(await cache.remember('catalogue', 'k', 1000, load)).toBe(2);
    await cache.invalidate('catalogue');
    expect(await cache.remember('catalogue', 'k', 1000, load)).toBe(3);
  });

  it("shares the catalogue's generation in Redis with an instance of the build that named it `catalog`", async () => {
    // A rolling deploy runs both builds at once: each must see the other's writes.
    const generations = new Map<string, number>();
    const client = {
      get: async (key: string) => (generations.has(key) ? String(generations.get(key)) : null),
      incr: async (key: string) => {
        generations.set(key, (generations.get(key) ?? 0) + 1);
        return generations.get(key);
      },
    };
    const redis = { call: (command: (c: typeof client) => unknown) => command(client), onRecovered: () => {} };
    const cache = createResponseCache({ maxBytes: 1_000_000, redis: redis as unknown as SharedRedis });
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await cache.remember('catalogue', 'k', 60_000, load)).toBe(1);
    await client.incr('dispatch-cache:generation:catalog');
    expect(await cache.remember('catalogue', 'k', 60_000, load)).toBe(2);
    await cache.invalidate('catalogue');
    expect(generations.get('dispatch-cache:generation:catalog')).toBe(2);
  });

  it('keeps the answers in use through 20,000 one-off keys, dropping the least recently used', async () => {
    const cache = createResponseCache({ maxBytes: 1_000_000 });
    const loads = new Map<string, number>();
    // About the size of a search answer with a card or two: the flood is several times the budget.
    const remember = (key: string) =>
      cache.remember('catalogue', key, 60_000, async () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return { articles: [{ title: key, excerpt: 'x'.repeat(300) }], total: 1 };
      });

    await remember('list=approved&page=1');
    for (let i = 0; i < 20_000; i += 1) {
      await remember(`list=approved&page=1&search=one-off-${i}`);
      if (i % 500 === 0) await remember('list=approved&page=1');
    }
    expect(loads.get('list=approved&page=1')).toBe(1);
    await remember('list=approved&page=1&search=one-off-0');
    expect(loads.get('list=approved&page=1&search=one-off-0')).toBe(2);
    await remember('list=approved&page=1&search=one-off-19999');
    expect(loads.get('list=approved&page=1&search=one-off-19999')).toBe(1);
  });

  it('runs one load for concurrent misses of a key, and does not keep a failure', async () => {
    const cache = createResponseCache({ maxBytes: 1_000_000 });
    let loads = 0;
    let finish = (_value: number) => {};
    const slowLoad = () => {
      loads += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const answers = Promise.all(
      Array.from({ length: 20 }, () => cache.remember('users', 'funnel:30', 60_000, slowLoad)),
    );
    await new Promise((resolve) => setImmediate(resolve));
    finish(42);
    expect(await answers).toEqual(Array(20).fill(42));
    expect(loads).toBe(1);

    const failing = async () => {
      loads += 1;
      throw new Error('database unavailable');
    };
    const failures = await Promise.allSettled([1, 2, 3].map(() => cache.remember('users', 'broken', 60_000, failing)));
    expect(failures.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(loads).toBe(2);
    expect(await cache.remember('users', 'broken', 60_000, async () => 7)).toBe(7);
  });

  it('does not keep an answer larger than its whole budget', async () => {
    const cache = createResponseCache({ maxBytes: 10_000 });
    let loads = 0;
    const load = async () => ((loads += 1), 'x'.repeat(20_000));
    await cache.remember('catalogue', 'page:/', 60_000, load);
    await cache.remember('catalogue', 'page:/', 60_000, load);
    expect(loads).toBe(2);
  });

  it('counts bytes (a shared page) as they are held: under the budget they are kept, over it they are not', async () => {
    const cache = createResponseCache({ maxBytes: 10_000 });
    let loads = 0;
    const small = async () => ((loads += 1), { rest: Buffer.alloc(5_000) });
    await cache.remember('catalogue', 'page:/a', 60_000, small);
    await cache.remember('catalogue', 'page:/a', 60_000, small);
    expect(loads).toBe(1);
    const large = async () => ((loads += 1), { rest: Buffer.alloc(20_000) });
    await cache.remember('catalogue', 'page:/b', 60_000, large);
    await cache.remember('catalogue', 'page:/b', 60_000, large);
    expect(loads).toBe(3);
  });
});

describe('a flood of one-off searches (one instance)', () => {
  let ctx: TestContext;
  let publisherId: string;
  let authorId: string;

  beforeAll(async () => {
    // The flood comes from one address: the search limit (tested in search-limit.test.ts) is lifted.
    ctx = await createTestContext({ env: { LIMIT_SEARCHES_PER_MINUTE: '1000000' } });
    publisherId = (await insertPublisher(ctx.database.db, { name: 'Flood Gazette' })).id;
    authorId = (await insertUser(ctx.database.db)).id;
    await insertArticle(ctx.database.db, { publisherId, authorId }, { title: 'Before the flood', views: 5 });
  });
  afterAll(() => ctx.close());

  const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json<T>();
  const homeAnswers = async () => ({
    firstPage: await titlesOf(ctx.app),
    trending: await trendingOf(ctx.app),
    stats: await get<UserStats>('/api/stats/users'),
    publishers: (await get<Publisher[]>('/api/publishers')).map((publisher) => publisher.name),
  });

  // Through the real route, each search a miss that queries the database (about 1.5 ms on PGlite), so
  // 3,000 rather than 20,000: past the 2,000 entries that used to empty the whole cache. The
  // 20,000-key flood past a byte budget is the unit test above and, through the route, the next describe.
  it(
    'still serves the first page, trending, statistics and publishers from the cache',
    { timeout: 120_000 },
    async () => {
      const before = await homeAnswers();
      // Rows written behind the services change every answer, but only for a request the cache does not answer.
      await insertArticle(ctx.database.db, { publisherId, authorId }, { title: 'Behind the cache', views: 1_000 });
      await insertUser(ctx.database.db);
      await insertPublisher(ctx.database.db, { name: 'Unseen Courier' });

      for (let i = 0; i < 3_000; i += 1) {
        const reply = await ctx.app.inject({ method: 'GET', url: `/api/articles/approved?search=flood-${i}` });
        expect(reply.statusCode).toBe(200);
      }

      expect(await homeAnswers()).toEqual(before);
      await ctx.changed();
      const after = await homeAnswers();
      expect(after.firstPage[0]).toBe('Behind the cache');
      expect(after.trending[0]).toBe('Behind the cache');
      expect(after.stats.totalUsers).toBe(before.stats.totalUsers + 1);
      expect(after.publishers).toContain('Unseen Courier');
    },
  );
});

/**
 * A stand-in for the web app's server bundle (`dist-ssr/entry-server.js`, which the tests do not build): the
 * home page from the API's own answers, numbered by render, so a page served from the cache shows an old number.
 */
const STUB_RENDERER = `
let renders = 0;
export const PAGE_STATE_ELEMENT_ID = 'page-state';
export async function renderPage({ url, reads }) {
  renders += 1;
  if (new URL(url).pathname !== '/') return { kind: 'page', status: 404, head: '', body: 'Not found', state: null };
  const [trending, publishers, stats] = await Promise.all([reads.trendingArticles(), reads.publishers(), reads.userStats()]);
  const items = (list) => list.map((item) => '<li>' + (item.title ?? item.name) + '</li>').join('');
  const body = '<p>Render ' + renders + '</p><ol>' + items(trending) + '</ol><ul>' + items(publishers) + '</ul>'
    + '<p>' + stats.totalUsers + ' readers</p>';
  return { kind: 'page', status: 200, head: '<title>Home</title>', body, state: { trending, publishers, stats } };
}
`;

describe('a flood of 20,000 one-off searches past the budget (one instance)', () => {
  let root: string;
  let ctx: TestContext;
  let articleId: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-flood-'));
    const webDir = writeStubWebApp(root, STUB_RENDERER);
    // The smallest budget the configuration takes (1 MiB): the flood's answers (about 180 bytes each with
    // their keys) are more than three times it.
    ctx = await createTestContext({
      webDir,
      env: { RESPONSE_CACHE_MAX_MB: '1', LIMIT_SEARCHES_PER_MINUTE: '1000000' },
    });
    const publisherId = (await insertPublisher(ctx.database.db, { name: 'Flood Gazette' })).id;
    const authorId = (await insertUser(ctx.database.db)).id;
    articleId = (await insertArticle(ctx.database.db, { publisherId, authorId }, { title: 'Before the flood' })).id;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json<T>();
  const readerAnswers = async () => ({
    firstPage: await titlesOf(ctx.app),
    trending: await trendingOf(ctx.app),
    publishers: (await get<Publisher[]>('/api/publishers')).map((publisher) => publisher.name),
    stats: await get<UserStats>('/api/stats/users'),
    home: (await ctx.app.inject({ method: 'GET', url: '/' })).body,
  });
  const askedOnce = () => titlesOf(ctx.app, '?publisher=Flood Gazette');

  // Readers ask for the hot answers every 2,000 one-off searches (a third of the budget), never in between. An
  // answer nobody asks for while a whole budget of new answers arrives is dropped, whatever it is (decision 018):
  // the list asked for once shows that the flood did overrun the budget. 20,000 searches on the embedded
  // database take one to two minutes on a 2-core machine: this checks what stays cached, bench/ how fast.
  it(
    'keeps serving the first page, trending, publishers and the home page from the cache',
    { timeout: 240_000 },
    async () => {
      const before = await readerAnswers();
      expect(before.firstPage).toEqual(['Before the flood']);
      expect(before.home).toContain('<p>Render 1</p><ol><li>Before the flood</li></ol>');
      expect(await askedOnce()).toEqual(['Before the flood']);

      // Written behind the services: only an answer read from the database again shows them.
      await ctx.database.db
        .update(articles)
        .set({ title: 'Renamed behind the cache' })
        .where(eq(articles.id, articleId));
      await insertPublisher(ctx.database.db, { name: 'Unseen Courier' });
      await insertUser(ctx.database.db);

      const batch = 200;
      for (let start = 0; start < 20_000; start += batch) {
        const replies = await Promise.all(
          Array.from({ length: batch }, (_, i) =>
            ctx.app.inject({ method: 'GET', url: `/api/articles/approved?search=flood-${start + i}` }),
          ),
        );
        for (const reply of replies) expect(reply.statusCode).toBe(200);
        if ((start + batch) % 2_000 === 0) expect(await readerAnswers()).toEqual(before);
      }

      expect(await askedOnce()).toEqual(['Renamed behind the cache']);
      await ctx.changed();
      const after = await readerAnswers();
      expect(after.firstPage).toEqual(['Renamed behind the cache']);
      expect(after.trending).toEqual(['Renamed behind the cache']);
      expect(after.publishers).toContain('Unseen Courier');
      expect(after.stats.totalUsers).toBe(before.stats.totalUsers + 1);
      expect(after.home).toContain('<p>Render 2</p><ol><li>Renamed behind the cache</li></ol>');
    },
  );
});

describe('cached public answers follow every write (one instance)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let author: Awaited<ReturnType<typeof signedInUser>>;
  let publisherId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    author = await signedInUser(ctx.app, ctx.database.db);
    publisherId = (await insertPublisher(ctx.database.db, { name: 'Cache Courier' })).id;
  });
  afterAll(() => ctx.close());

  const approvedArticle = (title: string) =>
    insertArticle(ctx.database.db, { publisherId, authorId: author.user.id }, { title, status: 'pending' }).then(
      async ({ id }) => {
        await ctx.app.inject({ method: 'PATCH', url: `/api/articles/approve/${id}`, headers: bearer(admin.token) });
        return id;
      },
    );

  it('serves from the cache: a row written behind the services is not seen until a write', async () => {
    await approvedArticle('Visible one');
    expect(await titlesOf(ctx.app)).toEqual(['Visible one']);
    await insertArticle(ctx.database.db, { publisherId, authorId: author.user.id }, { title: 'Sneaked in' });
    expect(await titlesOf(ctx.app)).toEqual(['Visible one']);
    await ctx.changed();
    expect(await titlesOf(ctx.app)).toContain('Sneaked in');
  });

  it('shows an approved article at once, and drops it at once when edited back to review or deleted', async () => {
    expect(await titlesOf(ctx.app)).not.toContain('Fresh news');
    const id = await approvedArticle('Fresh news');
    expect(await titlesOf(ctx.app)).toContain('Fresh news');
    expect(await trendingOf(ctx.app)).toContain('Fresh news');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/articles/${id}`,
      headers: bearer(author.token),
      payload: { title: 'Fresh news, edited', description: 'x', tags: ['Health'] },
    });
    expect(await titlesOf(ctx.app, '?search=fresh')).toEqual([]);
    await ctx.app.inject({ method: 'PATCH', url: `/api/articles/approve/${id}`, headers: bearer(admin.token) });
    expect(await titlesOf(ctx.app, '?search=fresh')).toEqual(['Fresh news, edited']);
    await ctx.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: bearer(admin.token) });
    expect(await titlesOf(ctx.app, '?search=fresh')).toEqual([]);
    expect(await trendingOf(ctx.app)).not.toContain('Fresh news, edited');
  });

  it('shows a new publisher at once', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/publishers' })).json<Publisher[]>();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/publishers',
      headers: bearer(admin.token),
      payload: { name: 'Brand New Bulletin', logo: await makeImage(ctx.images) },
    });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/publishers' })).json<Publisher[]>();
    expect(after).toHaveLength(before.length + 1);
  });

  it('counts a purchase in the statistics at once', async () => {
    const stats = async () => (await ctx.app.inject({ method: 'GET', url: '/api/stats/users' })).json<UserStats>();
    const before = await stats();
    const buyer = await signedInUser(ctx.app, ctx.database.db);
    await ctx.changed();
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(buyer.token),
        payload: { planId: 'trial' },
      })
    ).json<{ clientSecret: string }>();
    expect((await stats()).premiumUsers).toBe(before.premiumUsers);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(buyer.token),
      payload: { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
    });
    const after = await stats();
    expect(after.premiumUsers).toBe(before.premiumUsers + 1);
    expect(after.totalUsers).toBe(after.normalUsers + after.premiumUsers);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both, and elsewhere this shows as skipped.
describe.runIf(serverUrl && redisUrl)('two instances sharing PostgreSQL and Redis', () => {
  let twin: TwoInstances;
  beforeAll(async () => {
    twin = await openTwoInstances(redisUrl!);
  });
  afterAll(() => twin.close());

  it('never shows an article on one instance after the other declined or deleted it', async () => {
    const [a, b] = twin.apps;
    const { db } = twin;
    const admin = await signedInUser(a, db, { role: 'admin' });
    const publisherId = (await insertPublisher(db, { name: 'Twin Tribune' })).id;
    const authorId = (await insertUser(db)).id;
    const visible = await insertArticle(db, { publisherId, authorId }, { title: 'Stays up' });
    const pending = await insertArticle(db, { publisherId, authorId }, { title: 'Under review', status: 'pending' });

    for (let round = 0; round < 3; round += 1) {
      expect(await titlesOf(a)).toEqual(['Stays up']);
      expect(await titlesOf(b)).toEqual(['Stays up']);
    }
    await a.inject({ method: 'PATCH', url: `/api/articles/approve/${pending.id}`, headers: bearer(admin.token) });
    expect(await titlesOf(b)).toEqual(['Under review', 'Stays up']);
    expect(await trendingOf(b)).toContain('Under review');

    await b.inject({ method: 'DELETE', url: `/api/articles/${visible.id}`, headers: bearer(admin.token) });
    expect(await titlesOf(a)).toEqual(['Under review']);
    expect(await trendingOf(a)).not.toContain('Stays up');

    const author = await signedInUser(a, db);
    const edited = await insertArticle(db, { publisherId, authorId: author.user.id }, { title: 'Will be declined' });
    await a.inject({ method: 'PATCH', url: `/api/articles/premium/${edited.id}`, headers: bearer(admin.token) });
    expect(await titlesOf(b, '?search=declined')).toEqual(['Will be declined']);
    await b.inject({
      method: 'PATCH',
      url: `/api/articles/${edited.id}`,
      headers: bearer(author.token),
      payload: { title: 'Will be declined', description: 'Rewritten', tags: ['Health'] },
    });
    expect(await titlesOf(a, '?search=declined')).toEqual([]);
    await a.inject({
      method: 'PATCH',
      url: `/api/articles/decline/${edited.id}`,
      headers: bearer(admin.token),
      payload: { reason: 'No' },
    });
    expect(await titlesOf(b, '?search=declined')).toEqual([]);
  });
});
