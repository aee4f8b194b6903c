import type { AdminArticlePage } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema.js';
import { insertArticle, insertPublisher, makeImage } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Caller = Awaited<ReturnType<typeof signedInUser>>;
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the editor's desk: every article, the work waiting first", () => {
  let ctx: TestContext;
  let admin: Caller;
  let writer: Caller;
  let refs: { publisherId: string; authorId: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    // Premium writers are not held to one article.
    writer = await signedInUser(ctx.app, ctx.database.db, { premiumUntil: new Date(Date.now() + 365 * DAY_MS) });
    const publisher = await insertPublisher(ctx.database.db, { name: 'Desk Order Times' });
    refs = { publisherId: publisher.id, authorId: writer.user.id };
  });
  beforeEach(async () => {
    await ctx.database.db.delete(articles);
  });
  afterAll(() => ctx.close());

  const call = (request: InjectOptions, caller: Caller) =>
    ctx.app.inject({ ...request, headers: bearer(caller.token) });
  const deskPage = async (query = '') => {
    const response = await call({ method: 'GET', url: `/api/admin/articles?${query}` }, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminArticlePage>();
  };
  const deskTitles = async (query = '') => (await deskPage(query)).articles.map((article) => article.title);
  const ago = (days: number) => new Date(ctx.clock.now.getTime() - days * DAY_MS);
  const pendingSinceOf = async (id: string) =>
    (await ctx.database.db.select().from(articles).where(eq(articles.id, id)))[0]!.pendingSince;

  it('lists pending longest waiting first (by when it entered review, not when it was written), then changes requested, then the rest newest first', async () => {
    const add = (title: string, values: Parameters<typeof insertArticle>[2]) =>
      insertArticle(ctx.database.db, refs, { title, ...values });
    await add('Approved yesterday', { status: 'approved', createdAt: ago(1) });
    await add('Resubmitted an hour ago', { status: 'pending', createdAt: ago(10), pendingSince: ago(1 / 24) });
    await add('Declined last week', { status: 'declined', createdAt: ago(7) });
    await add('Waiting two days', { status: 'pending', createdAt: ago(2), pendingSince: ago(2) });
    await add('Sent back for changes', { status: 'changes_requested', createdAt: ago(20) });
    await add('Approved long ago', { status: 'approved', createdAt: ago(30) });

    expect(await deskTitles()).toEqual([
      'Waiting two days',
      'Resubmitted an hour ago',
      'Sent back for changes',
      'Approved yesterday',
      'Declined last week',
      'Approved long ago',
    ]);
    expect(await deskTitles('status=pending')).toEqual(['Waiting two days', 'Resubmitted an hour ago']);
    expect(await deskTitles('status=all')).toHaveLength(6);
    expect((await deskPage()).counts).toEqual({ pending: 2, changes_requested: 1, approved: 2, declined: 1 });
  });

  it('pages through equal waits without repeating or skipping a row', async () => {
    const at = ago(1);
    const ids = new Set<string>();
    for (let index = 0; index < 23; index += 1) {
      const row = await insertArticle(ctx.database.db, refs, { status: 'pending', createdAt: at, pendingSince: at });
      ids.add(row.id);
    }
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await deskPage(`page=${page}&limit=10`);
      expect(answer.total).toBe(23);
      seen.push(...answer.articles.map((article) => article._id));
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(ids);
  });

  it('starts the wait at submission, at a resubmission and at an edit that sends an article back, not at an edit while waiting', async () => {
    const image = await makeImage(ctx.images);
    const submitted = await call(
      {
        method: 'POST',
        url: '/api/articles',
        payload: {
          title: 'Fresh submission',
          image,
          publisher: 'Desk Order Times',
          tags: ['Health'],
          description: 'A new article.',
        },
      },
      writer,
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const freshId = submitted.json<{ insertedId: string }>().insertedId;
    expect((await pendingSinceOf(freshId)).getTime()).toBe(ctx.clock.now.getTime());

    const edit = (id: string) =>
      call(
        {
          method: 'PATCH',
          url: `/api/articles/${id}`,
          payload: { title: 'Edited', description: 'New text.', tags: ['Health'] },
        },
        writer,
      );
    const approved = await insertArticle(ctx.database.db, refs, { status: 'approved', pendingSince: ago(40) });
    const sentBack = await insertArticle(ctx.database.db, refs, { status: 'changes_requested', pendingSince: ago(40) });

    ctx.clock.advance(60_000);
    expect((await edit(approved.id)).statusCode).toBe(200);
    expect((await pendingSinceOf(approved.id)).getTime()).toBe(ctx.clock.now.getTime());

    ctx.clock.advance(60_000);
    const resubmitted = await call({ method: 'PATCH', url: `/api/articles/resubmit/${sentBack.id}` }, writer);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await pendingSinceOf(sentBack.id)).getTime()).toBe(ctx.clock.now.getTime());

    const waitingSince = await pendingSinceOf(freshId);
    ctx.clock.advance(60_000);
    expect((await edit(freshId)).statusCode).toBe(200);
    expect(await pendingSinceOf(freshId)).toEqual(waitingSince);

    expect((await deskPage()).articles.map((article) => article._id)).toEqual([freshId, approved.id, sentBack.id]);
  });
});
