import type { AdminArticlePage, ErrorResponse } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe("the editor's desk: the admin list filtered by status and searched", () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    admin = await signedInUser(ctx.app, db, { role: 'admin' });
    reader = await signedInUser(ctx.app, db);
    const publisher = await insertPublisher(db, { name: 'Desk Courier' });
    const ada = await insertUser(db, { name: 'Ada Lovelace', email: 'ada@analytical.example' });
    const bob = await insertUser(db, { name: 'Bob Smith', email: 'bob@example.com' });
    const by = (authorId: string) => ({ publisherId: publisher.id, authorId });
    await insertArticle(db, by(ada.id), { title: 'Harbour floods again', status: 'pending' });
    await insertArticle(db, by(ada.id), { title: 'Engines of difference', status: 'approved' });
    await insertArticle(db, by(bob.id), { title: 'Council 100% agrees', status: 'pending' });
    await insertArticle(db, by(bob.id), { title: 'Harbour reopens', status: 'declined' });
    for (let i = 0; i < 12; i += 1)
      await insertArticle(db, by(bob.id), { title: `Budget note ${i}`, status: 'pending' });
  });
  afterAll(() => ctx.close());

  const list = (query: string, token = admin.token) =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/articles?${query}`, headers: bearer(token) });
  const titles = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json<AdminArticlePage>().articles.map((article) => article.title);
  };

  it('finds titles containing the words in any case', async () => {
    expect((await titles('q=harbour')).sort()).toEqual(['Harbour floods again', 'Harbour reopens']);
  });

  it("finds an author's articles by part of their name or e-mail", async () => {
    expect((await titles('q=LOVELACE')).sort()).toEqual(['Engines of difference', 'Harbour floods again']);
    expect((await titles('q=analytical.example')).sort()).toEqual(['Engines of difference', 'Harbour floods again']);
  });

  it('combines the search with the status filter', async () => {
    expect(await titles('status=pending&q=harbour')).toEqual(['Harbour floods again']);
    expect(await titles('status=approved&q=bob')).toEqual([]);
  });

  it('takes % and _ literally, and a blank search as none', async () => {
    expect(await titles('q=100%25')).toEqual(['Council 100% agrees']);
    expect(await titles('q=_')).toEqual([]);
    const blank = await list('q=%20%20');
    expect(blank.json<AdminArticlePage>().total).toBe(16);
  });

  it('pages a search with its total', async () => {
    const first = (await list('q=budget&status=pending')).json<AdminArticlePage>();
    expect(first.total).toBe(12);
    expect(first.articles).toHaveLength(10);
    const second = (await list('q=budget&status=pending&page=2')).json<AdminArticlePage>();
    expect(second.articles).toHaveLength(2);
    expect(second.articles.every((article) => article.title.startsWith('Budget note'))).toBe(true);
  });

  it('answers 400 naming the field for an unknown status or a search too long', async () => {
    const status = await list('status=published');
    expect(status.statusCode).toBe(400);
    expect(status.json<ErrorResponse>().fieldErrors).toHaveProperty('status');
    const long = await list(`q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorResponse>().fieldErrors).toHaveProperty('q');
    expect((await list('q=a%00b')).statusCode).toBe(400);
  });

  it('counts each status for the search, or for every article without one', async () => {
    const every = (await list('')).json<AdminArticlePage>();
    expect(every.counts).toEqual({ pending: 14, changes_requested: 0, approved: 1, declined: 1 });
    const harbour = (await list('q=harbour&status=declined')).json<AdminArticlePage>();
    expect(harbour.counts).toEqual({ pending: 1, changes_requested: 0, approved: 0, declined: 1 });
    expect(harbour.total).toBe(1);
  });

  it('takes status=all as every status', async () => {
    expect((await list('status=all')).json<AdminArticlePage>().total).toBe(16);
  });

  it('is for admins only', async () => {
    expect((await list('q=harbour', reader.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/articles?q=harbour' })).statusCode).toBe(401);
  });
});
