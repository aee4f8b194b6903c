import {
  ARTICLE_MESSAGES,
  type AdminArticlePage,
  type Charts,
  type ErrorResponse,
  type Publisher,
  type PublisherCount,
  type UserPage,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, moderationActions, users } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser, makeImage } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('moderation', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let refs: { publisherId: string; authorId: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin', name: 'Chief Editor' });
    reader = await signedInUser(ctx.app, ctx.database.db);
    const publisher = await insertPublisher(ctx.database.db, { name: 'Moderated Times' });
    refs = { publisherId: publisher.id, authorId: (await insertUser(ctx.database.db)).id };
  });
  afterAll(() => ctx.close());

  const act = (action: 'approve' | 'decline' | 'premium', id: string, token = admin.token, payload?: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/articles/${action}/${id}`, headers: bearer(token), payload });
  const stateOf = async (id: string) => (await ctx.database.db.select().from(articles).where(eq(articles.id, id)))[0]!;

  describe('the status machine', () => {
    it('approves a pending article, once', async () => {
      const { id } = await insertArticle(ctx.database.db, refs, { status: 'pending' });
      expect((await act('approve', id)).statusCode).toBe(200);
      expect(await stateOf(id)).toMatchObject({ status: 'approved', decidedById: admin.user.id });
      const again = await act('approve', id);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.notPending);
      expect((await act('decline', id, admin.token, { reason: 'late' })).statusCode).toBe(409);
    });

    it('declines a pending article with its reason, and not twice', async () => {
      const { id } = await insertArticle(ctx.database.db, refs, { status: 'pending' });
      expect((await act('decline', id, admin.token, { reason: 'Needs a second source.' })).statusCode).toBe(200);
      expect(await stateOf(id)).toMatchObject({ status: 'declined', declineReason: 'Needs a second source.' });
      expect((await act('decline', id, admin.token, { reason: 'again' })).statusCode).toBe(409);
      expect((await act('approve', id)).statusCode).toBe(409);
      expect((await act('premium', id)).statusCode).toBe(409);
    });

    it('keeps no reason when none is given', async () => {
      const { id } = await insertArticle(ctx.database.db, refs, { status: 'pending' });
      expect((await act('decline', id, admin.token, {})).statusCode).toBe(200);
      expect((await stateOf(id)).declineReason).toBeNull();
    });

    it('makes only approved, non-premium articles premium', async () => {
      const pending = await insertArticle(ctx.database.db, refs, { status: 'pending' });
      const approved = await insertArticle(ctx.database.db, refs, { status: 'approved' });
      const premiumRefused = await act('premium', pending.id);
      expect(premiumRefused.statusCode).toBe(409);
      expect(premiumRefused.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.notApprovedOrAlreadyPremium);
      expect((await act('premium', approved.id)).statusCode).toBe(200);
      expect((await stateOf(approved.id)).isPremium).toBe(true);
      expect((await act('premium', approved.id)).statusCode).toBe(409);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await act('approve', '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
      expect((await act('approve', 'abc')).statusCode).toBe(404);
    });

    it('lets two admins deciding at once produce one decision', async () => {
      const other = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
      const { id } = await insertArticle(ctx.database.db, refs, { status: 'pending' });
      const results = await Promise.all([act('approve', id), act('decline', id, other.token, { reason: 'no' })]);
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const history = await ctx.database.db.select().from(moderationActions).where(eq(moderationActions.articleId, id));
      expect(history).toHaveLength(1);
    });

    it('records who did what and when, and shows the decider in the admin list', async () => {
      const { id } = await insertArticle(ctx.database.db, refs, { status: 'pending', title: 'Recorded' });
      await act('decline', id, admin.token, { reason: 'Off topic' });
      const [entry] = await ctx.database.db.select().from(moderationActions).where(eq(moderationActions.articleId, id));
      expect(entry).toMatchObject({ actorId: admin.user.id, action: 'decline', detail: 'Off topic' });
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/articles?limit=50',
        headers: bearer(admin.token),
      });
      const row = list.json<AdminArticlePage>().articles.find((article) => article._id === id)!;
      expect(row).toMatchObject({
        status: 'declined',
        declineReason: 'Off topic',
        decidedBy: { name: 'Chief Editor', email: admin.user.email },
      });
      expect(row.decidedAt).toBeTruthy();
      expect(list.body).not.toContain('"description"');
    });

    it('records an admin deleting an article', async () => {
      const { id } = await insertArticle(ctx.database.db, refs);
      await ctx.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: bearer(admin.token) });
      const [entry] = await ctx.database.db.select().from(moderationActions).where(eq(moderationActions.articleId, id));
      expect(entry).toMatchObject({ action: 'delete', actorId: admin.user.id });
    });

    it('refuses moderation to everyone but admins', async () => {
      const { id } = await insertArticle(ctx.database.db, refs, { status: 'pending' });
      expect((await act('approve', id, reader.token)).statusCode).toBe(403);
      const anonymous = await ctx.app.inject({ method: 'PATCH', url: `/api/articles/approve/${id}` });
      expect(anonymous.statusCode).toBe(401);
      expect((await stateOf(id)).status).toBe('pending');
    });
  });

  describe('admin lists', () => {
    it('pages all articles 10 at a time with the total', async () => {
      const first = await ctx.app.inject({ method: 'GET', url: '/api/admin/articles', headers: bearer(admin.token) });
      const body = first.json<AdminArticlePage>();
      expect(body.articles.length).toBeLessThanOrEqual(10);
      expect(body.total).toBe(await ctx.database.db.$count(articles));
      expect(body.articles[0]).toMatchObject({ publisher: 'Moderated Times' });
    });

    it('pages users 5 at a time, newest first', async () => {
      for (let i = 0; i < 6; i += 1) await insertUser(ctx.database.db);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin.token) });
      const body = response.json<UserPage>();
      expect(body.users).toHaveLength(5);
      expect(body.total).toBe(await ctx.database.db.$count(users));
      expect(response.body).not.toMatch(/password/i);
      const page2 = await ctx.app.inject({ method: 'GET', url: '/api/users?page=2', headers: bearer(admin.token) });
      expect(page2.json<UserPage>().users[0]!._id).not.toBe(body.users[0]!._id);
    });

    it('searches users by part of the name or e-mail, in any case, paged with the total', async () => {
      const db = ctx.database.db;
      await insertUser(db, { name: 'Grace Hopper', email: 'grace@navy.example' });
      for (let i = 0; i < 6; i += 1)
        await insertUser(db, { name: `Cobol Writer ${i}`, email: `cobol${i}@navy.example` });
      const search = (query: string, token = admin.token) =>
        ctx.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(token) });
      expect((await search('q=HOPPER')).json<UserPage>().users.map((user) => user.email)).toEqual([
        'grace@navy.example',
      ]);
      const navy = (await search('q=navy.example')).json<UserPage>();
      expect(navy.total).toBe(7);
      expect(navy.users).toHaveLength(5);
      expect((await search('q=navy.example&page=2')).json<UserPage>().users).toHaveLength(2);
      expect((await search('q=%25')).json<UserPage>().total).toBe(0);
      const long = await search(`q=${'x'.repeat(101)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json<ErrorResponse>().fieldErrors).toHaveProperty('q');
      expect((await search('q=grace', reader.token)).statusCode).toBe(403);
    });

    it('promotes a user to admin, once, and the change applies to their next request', async () => {
      const member = await signedInUser(ctx.app, ctx.database.db);
      const promote = () =>
        ctx.app.inject({ method: 'PATCH', url: `/api/users/admin/${member.user.id}`, headers: bearer(admin.token) });
      expect((await promote()).statusCode).toBe(200);
      expect((await promote()).statusCode).toBe(409);
      const dashboard = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/articles',
        headers: bearer(member.token),
      });
      expect(dashboard.statusCode).toBe(200);
      const [entry] = await ctx.database.db
        .select()
        .from(moderationActions)
        .where(eq(moderationActions.userId, member.user.id));
      expect(entry).toMatchObject({ action: 'promote', actorId: admin.user.id });
    });
  });

  describe('publishers', () => {
    const add = (payload: object, token = admin.token) =>
      ctx.app.inject({ method: 'POST', url: '/api/dashboard/publishers', headers: bearer(token), payload });

    it('adds a publisher with one of our logos; it appears in the public list', async () => {
      const logo = await makeImage(ctx.images, { r: 1, g: 2, b: 3 });
      const response = await add({ name: 'Harbour Gazette', logo, createdAt: '1999-01-01' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
      const list = await ctx.app.inject({ method: 'GET', url: '/api/publishers' });
      const added = list.json<Publisher[]>().find((publisher) => publisher.name === 'Harbour Gazette')!;
      expect(added.logo).toBe(logo);
      expect(added.createdAt.startsWith('1999')).toBe(false);
    });

    it('refuses a duplicate name in any case, a foreign logo and missing fields', async () => {
      const logo = await makeImage(ctx.images);
      expect((await add({ name: 'Unique Post', logo })).statusCode).toBe(201);
      const duplicate = await add({ name: 'UNIQUE post', logo });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.publisherTaken);
      expect((await add({ name: 'Other', logo: 'https://cdn.example/logo.png' })).statusCode).toBe(400);
      const missing = await add({ name: '', logo: '' });
      expect(missing.json<ErrorResponse>().fieldErrors).toMatchObject({
        name: ['Name is required'],
        logo: ['Logo is required'],
      });
    });

    it('is for admins only', async () => {
      expect((await add({ name: 'Sneaky', logo: await makeImage(ctx.images) }, reader.token)).statusCode).toBe(403);
    });

    it('lists every publisher by name with its articles of any status, a new one at once', async () => {
      const db = ctx.database.db;
      const counted = await insertPublisher(db, { name: 'Counted Chronicle' });
      for (const status of ['pending', 'approved', 'declined'] as const)
        await insertArticle(db, { publisherId: counted.id, authorId: refs.authorId }, { status });
      expect((await add({ name: 'Brand New Bulletin', logo: await makeImage(ctx.images) })).statusCode).toBe(201);
      const counts = () =>
        ctx.app.inject({ method: 'GET', url: '/api/dashboard/publishers', headers: bearer(admin.token) });
      const response = await counts();
      expect(response.statusCode).toBe(200);
      const list = response.json<PublisherCount[]>();
      expect(list.find((one) => one.name === 'Counted Chronicle')).toMatchObject({
        articles: 3,
        slug: 'counted-chronicle',
      });
      expect(list.find((one) => one.name === 'Brand New Bulletin')).toMatchObject({ articles: 0 });
      const names = list.map((one) => one.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const readerAsks = await ctx.app.inject({
        method: 'GET',
        url: '/api/dashboard/publishers',
        headers: bearer(reader.token),
      });
      expect(readerAsks.statusCode).toBe(403);
    });
  });

  describe('charts', () => {
    it('counts articles per publisher, per tag and per month, from the data', async () => {
      const fresh = await createTestContext();
      const db = fresh.database.db;
      const adminUser = await signedInUser(fresh.app, db, { role: 'admin' });
      const a = await insertPublisher(db, { name: 'Alpha' });
      const b = await insertPublisher(db, { name: 'Beta' });
      await insertPublisher(db, { name: 'Gamma' });
      const author = (await insertUser(db)).id;
      const now = fresh.clock.now;
      const monthsAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 15));
      await insertArticle(
        db,
        { publisherId: a.id, authorId: author },
        { tags: ['Sports', 'Health'], createdAt: monthsAgo(0) },
      );
      await insertArticle(
        db,
        { publisherId: a.id, authorId: author },
        { tags: ['Sports'], status: 'pending', createdAt: monthsAgo(0) },
      );
      await insertArticle(db, { publisherId: b.id, authorId: author }, { tags: ['Politics'], createdAt: monthsAgo(2) });
      await insertArticle(
        db,
        { publisherId: b.id, authorId: author },
        { tags: ['Politics'], createdAt: monthsAgo(20) },
      );

      const response = await fresh.app.inject({
        method: 'GET',
        url: '/api/dashboard/charts',
        headers: bearer(adminUser.token),
      });
      expect(response.statusCode).toBe(200);
      const charts = response.json<Charts>();
      expect(charts.byPublisher).toEqual([
        { name: 'Alpha', count: 2 },
        { name: 'Beta', count: 2 },
        { name: 'Gamma', count: 0 },
      ]);
      expect(charts.byTag).toEqual([
        { tag: 'Politics', count: 2 },
        { tag: 'Sports', count: 2 },
        { tag: 'Technology', count: 0 },
        { tag: 'Entertainment', count: 0 },
        { tag: 'Health', count: 1 },
      ]);
      expect(charts.byMonth).toHaveLength(12);
      expect(charts.byMonth.at(-1)!.count).toBe(2);
      expect(charts.byMonth.at(-3)!.count).toBe(1);
      expect(charts.byMonth.reduce((sum, month) => sum + month.count, 0)).toBe(3);

      const plain = await signedInUser(fresh.app, db);
      const refused = await fresh.app.inject({
        method: 'GET',
        url: '/api/dashboard/charts',
        headers: bearer(plain.token),
      });
      expect(refused.statusCode).toBe(403);
      await fresh.close();
    });
  });
});
