import { DESK_SUMMARY_MESSAGES, ERROR_CODES, type DeskSummary } from '@dispatch/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, articleViewsHourly } from '../../db/schema.js';
import { insertArticle, insertPublisher } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Caller = Awaited<ReturnType<typeof signedInUser>>;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const NOW = new Date('2026-06-10T15:20:00Z');

describe("the Overview's panel: GET /api/admin/desk-summary", () => {
  let ctx: TestContext;
  let admin: Caller;
  let writer: Caller;
  let refs: { publisherId: string; authorId: string };
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    writer = await signedInUser(ctx.app, ctx.database.db, { premiumUntil: new Date(Date.now() + 365 * DAY_MS) });
    const publisher = await insertPublisher(ctx.database.db, { name: 'Summary Times' });
    refs = { publisherId: publisher.id, authorId: writer.user.id };
  });
  beforeEach(async () => {
    await ctx.database.db.delete(articleViewsHourly);
    await ctx.database.db.delete(articles);
    ctx.clock.set(NOW);
  });
  afterAll(() => ctx.close());

  const call = (request: InjectOptions, caller?: Caller) =>
    ctx.app.inject({ ...request, ...(caller && { headers: bearer(caller.token) }) });
  const summary = async (query = '') => {
    const response = await call({ method: 'GET', url: `/api/admin/desk-summary${query}` }, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeskSummary>();
  };

  it('counts the articles waiting and says since when the longest has waited (when it last entered review)', async () => {
    await insertArticle(ctx.database.db, refs, {
      status: 'pending',
      createdAt: at('2026-06-01T09:00:00Z'),
      pendingSince: at('2026-06-10T12:20:00Z'),
    });
    await insertArticle(ctx.database.db, refs, { status: 'pending', pendingSince: at('2026-06-10T15:00:00Z') });
    await insertArticle(ctx.database.db, refs, {
      status: 'changes_requested',
      pendingSince: at('2026-06-09T08:00:00Z'),
    });
    await insertArticle(ctx.database.db, refs, { status: 'declined', pendingSince: at('2026-06-08T08:00:00Z') });

    const answer = await summary();
    expect(answer.pending).toBe(2);
    // Three hours: the resubmission's wait, not the first submission's nine days.
    expect(answer.oldestPendingSince).toBe('2026-06-10T12:20:00.000Z');
    expect(answer.asOf).toBe(NOW.toISOString());
  });

  it('says nothing waits with none pending', async () => {
    await insertArticle(ctx.database.db, refs, { status: 'approved' });
    expect(await summary()).toMatchObject({ pending: 0, oldestPendingSince: null });
  });

  it("counts the articles made public since the start of the editor's day, by their first publication, still public", async () => {
    const published = (iso: string, status: 'approved' | 'pending' = 'approved') =>
      insertArticle(ctx.database.db, refs, {
        status,
        createdAt: at('2026-06-05T10:00:00Z'),
        publishedAt: at(iso),
      });
    await published('2026-06-10T00:30:00Z');
    await published('2026-06-10T14:00:00Z');
    await published('2026-06-09T23:59:00Z');
    // Published this morning, then edited and back in review: not public now.
    await published('2026-06-10T09:00:00Z', 'pending');

    expect((await summary()).publishedToday).toBe(2);
    expect((await summary()).dayStart).toBe('2026-06-10T00:00:00.000Z');
    // An editor in New York (UTC-4 in June): their day began at 04:00 UTC.
    const newYork = await summary(`?dayStart=${encodeURIComponent('2026-06-10T00:00:00-04:00')}`);
    expect(newYork).toMatchObject({ publishedToday: 1, dayStart: '2026-06-10T04:00:00.000Z' });
    // In London (UTC+1 in June) it began at 23:00 UTC the day before; in Tokyo (UTC+9) June 11 began 20 minutes ago.
    const london = await summary(`?dayStart=${encodeURIComponent('2026-06-10T00:00:00+01:00')}`);
    expect(london.publishedToday).toBe(3);
    const tokyo = await summary(`?dayStart=${encodeURIComponent('2026-06-11T00:00:00+09:00')}`);
    expect(tokyo.publishedToday).toBe(0);
  });

  it('sums the hourly views of the current hour and the 23 before it, as views write them', async () => {
    const story = await insertArticle(ctx.database.db, refs, { status: 'approved' });
    const other = await insertArticle(ctx.database.db, refs, { status: 'approved' });
    await ctx.database.db.insert(articleViewsHourly).values([
      { articleId: story.id, hour: at('2026-06-09T16:00:00Z'), views: 7 },
      { articleId: other.id, hour: at('2026-06-10T08:00:00Z'), views: 5 },
      // 24 hours before the current one: outside.
      { articleId: story.id, hour: at('2026-06-09T15:00:00Z'), views: 100 },
    ]);
    // Two readers open the story now; the first one's reload of the day counts once.
    const readers = [await signedInUser(ctx.app, ctx.database.db), await signedInUser(ctx.app, ctx.database.db)];
    for (const reader of [...readers, readers[0]!]) {
      const view = await call({ method: 'PATCH', url: `/api/articles/views/${story.id}` }, reader);
      expect(view.statusCode, view.body).toBe(200);
    }

    const answer = await summary();
    expect(answer.viewsLast24Hours).toBe(7 + 5 + 2);
    expect(answer.viewsSince).toBe('2026-06-09T16:00:00.000Z');

    ctx.clock.advance(HOUR_MS);
    expect((await summary()).viewsLast24Hours).toBe(5 + 2);
  });

  it('refuses a day that did not begin in the last 24 hours, or is no moment, with a 400 and its reason', async () => {
    for (const dayStart of ['2026-06-09T15:00:00Z', '2026-06-10T16:00:00Z', 'yesterday', '2026-06-10']) {
      const response = await call(
        { method: 'GET', url: `/api/admin/desk-summary?dayStart=${encodeURIComponent(dayStart)}` },
        admin,
      );
      expect(response.statusCode, dayStart).toBe(400);
      expect(response.json()).toMatchObject({ code: ERROR_CODES.validationFailed, message: expect.any(String) });
      expect(JSON.stringify(response.json()), dayStart).toContain(DESK_SUMMARY_MESSAGES.dayStart);
    }
  });

  it('answers admins only: 401 without a session, 403 for a reader or a writer', async () => {
    expect((await call({ method: 'GET', url: '/api/admin/desk-summary' })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/api/admin/desk-summary' }, writer)).statusCode).toBe(403);
    const reader = await signedInUser(ctx.app, ctx.database.db);
    expect((await call({ method: 'GET', url: '/api/admin/desk-summary' }, reader)).statusCode).toBe(403);
  });
});
