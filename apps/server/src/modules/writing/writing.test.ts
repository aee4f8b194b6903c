import {
  ARTICLE_MESSAGES,
  LIMITS,
  TEXT,
  type ArticleDetail,
  type ErrorResponse,
  type MyArticlePage,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser, makeImage } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const SECRET = 'PREMIUM-ONLY-SENTENCE';
const HOUR = 60 * 60 * 1000;

describe('writing and reading articles', () => {
  let ctx: TestContext;
  let image: string;
  let publisher: { id: string; name: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    image = await makeImage(ctx.images);
    publisher = await insertPublisher(ctx.database.db, { name: 'The Ledger' });
  });
  afterAll(() => ctx.close());

  const newWriter = (values = {}) => signedInUser(ctx.app, ctx.database.db, values);
  const submit = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/articles', headers: bearer(token), payload });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    title: 'A fair headline',
    image,
    publisher: 'the ledger',
    tags: ['Politics', 'Health'],
    description: 'Some reporting.',
    ...overrides,
  });

  describe('submitting', () => {
    it('stores a pending, free, unviewed article by the caller, whatever the client claims', async () => {
      const { user, token } = await newWriter();
      const other = await insertUser(ctx.database.db);
      const response = await submit(
        token,
        valid({
          status: 'approved',
          isPremium: true,
          views: 999,
          createdAt: '2001-01-01T00:00:00Z',
          author_email: other.email,
          author_name: 'Someone Else',
        }),
      );
      expect(response.statusCode).toBe(201);
      const { insertedId } = response.json<{ insertedId: string }>();
      const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, insertedId));
      expect(row).toMatchObject({
        authorId: user.id,
        status: 'pending',
        isPremium: false,
        views: 0,
        publisherId: publisher.id,
      });
      expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it("keeps the image's caption the writer gave, trimmed; a blank one is none", async () => {
      const { token } = await newWriter();
      const captioned = await submit(token, valid({ imageCaption: '  The north quay at dawn. Photo: R. Tide  ' }));
      const { insertedId } = captioned.json<{ insertedId: string }>();
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/articles/${insertedId}`,
        headers: bearer(token),
      });
      expect(detail.json<ArticleDetail>().article.imageCaption).toBe('The north quay at dawn. Photo: R. Tide');

      const other = await newWriter();
      const blank = await submit(other.token, valid({ imageCaption: '   ' }));
      const [row] = await ctx.database.db
        .select()
        .from(articles)
        .where(eq(articles.id, blank.json<{ insertedId: string }>().insertedId));
      expect(row!.imageCaption).toBeNull();
    });

    it.each([
      [{ title: ' ' }, 'title', TEXT.validation.titleRequired],
      [{ image: '' }, 'image', TEXT.validation.imageRequired],
      [{ publisher: '' }, 'publisher', TEXT.validation.publisherRequired],
      [{ tags: [] }, 'tags', TEXT.validation.tagsRequired],
      [{ description: '' }, 'description', TEXT.validation.descriptionRequired],
      [{ tags: ['Cooking'] }, 'tags.0', 'Choose from'],
      [{ title: 'x'.repeat(LIMITS.titleMaxLength + 1) }, 'title', 'at most'],
      [{ imageCaption: 'x'.repeat(LIMITS.captionMaxLength + 1) }, 'imageCaption', 'at most'],
    ])('refuses %o with the message next to %s', async (override, field, message) => {
      const { token } = await newWriter();
      const response = await submit(token, valid(override));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fieldErrors?.[field]?.join(' ')).toContain(message);
    });

    it('refuses an image URL we did not issue, and an unknown publisher', async () => {
      const { token } = await newWriter();
      for (const foreign of [
        'https://evil.example/x.png',
        `/api/uploads/${'0'.repeat(64)}.webp`,
        'javascript:alert(1)',
      ]) {
        const response = await submit(token, valid({ image: foreign }));
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fieldErrors?.image).toBeDefined();
      }
      const unknown = await submit(token, valid({ publisher: 'Nobody Times' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.publisherUnknown);
    });

    it('allows one article per writer without premium, in any status; deleting frees the slot', async () => {
      const { token } = await newWriter();
      const first = await submit(token, valid());
      expect(first.statusCode).toBe(201);
      const second = await submit(token, valid({ title: 'Another' }));
      expect(second.statusCode).toBe(403);
      expect(second.json<ErrorResponse>().message).toBe(TEXT.addArticle.oneArticleLimit);
      const { insertedId } = first.json<{ insertedId: string }>();
      await ctx.database.db.update(articles).set({ status: 'declined' }).where(eq(articles.id, insertedId));
      expect((await submit(token, valid({ title: 'Third' }))).statusCode).toBe(403);
      await ctx.app.inject({ method: 'DELETE', url: `/api/articles/${insertedId}`, headers: bearer(token) });
      expect((await submit(token, valid({ title: 'After delete' }))).statusCode).toBe(201);
    });

    it('lets subscribers and admins post more than one', async () => {
      const subscriber = await newWriter({ premiumUntil: new Date(Date.now() + HOUR) });
      const admin = await newWriter({ role: 'admin' });
      for (const { token } of [subscriber, admin]) {
        expect((await submit(token, valid())).statusCode).toBe(201);
        expect((await submit(token, valid({ title: 'Second' }))).statusCode).toBe(201);
      }
    });

    it('holds the one-article rule when the same writer submits twice at the same moment', async () => {
      const { user, token } = await newWriter();
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, index) => submit(token, valid({ title: `Race ${index}` }))),
      );
      expect(results.map((response) => response.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
      expect(await ctx.database.db.$count(articles, eq(articles.authorId, user.id))).toBe(1);
    });

    it('needs a login', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/articles', payload: valid() });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('reading', () => {
    let author: Awaited<ReturnType<typeof newWriter>>;
    let free: string;
    let premium: string;
    let pending: string;

    beforeAll(async () => {
      author = await newWriter({ name: 'Ida Author' });
      const refs = { publisherId: publisher.id, authorId: author.user.id };
      free = (await insertArticle(ctx.database.db, refs, { title: 'Free piece', image })).id;
      premium = (
        await insertArticle(ctx.database.db, refs, {
          title: 'Premium piece',
          isPremium: true,
          description: `${'p'.repeat(LIMITS.excerptLength)}${SECRET}`,
        })
      ).id;
      pending = (await insertArticle(ctx.database.db, refs, { status: 'pending', title: 'Pending piece' })).id;
    });

    const read = (id: string, token?: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/articles/${id}`, headers: token ? bearer(token) : {} });

    it('shows a free approved article to any logged-in reader, with its author', async () => {
      const reader = await newWriter();
      const response = await read(free, reader.token);
      expect(response.statusCode).toBe(200);
      const body = response.json<ArticleDetail>();
      expect(body.access).toBe(true);
      expect(body.article).toMatchObject({
        title: 'Free piece',
        publisher: 'The Ledger',
        author_name: 'Ida Author',
        author_email: author.user.email,
      });
      expect((await read(free)).statusCode).toBe(401);
    });

    it('gives readers without premium only the teaser of a premium article, in the raw JSON', async () => {
      const reader = await newWriter();
      const lapsed = await newWriter({ premiumUntil: new Date(Date.now() - HOUR) });
      for (const token of [reader.token, lapsed.token]) {
        const response = await read(premium, token);
        expect(response.statusCode).toBe(200);
        expect(response.json<ArticleDetail>()).toMatchObject({ access: false, article: { excerpt: 'p'.repeat(100) } });
        expect(response.body).not.toContain(SECRET);
        expect(response.body).not.toContain('"description"');
      }
      expect((await read(premium)).body).not.toContain(SECRET);
    });

    it('gives the whole premium article to subscribers, admins and its author', async () => {
      const subscriber = await newWriter({ premiumUntil: new Date(Date.now() + HOUR) });
      const admin = await newWriter({ role: 'admin' });
      for (const token of [subscriber.token, admin.token, author.token]) {
        const response = await read(premium, token);
        expect(response.json<ArticleDetail>().access).toBe(true);
        expect(response.body).toContain(SECRET);
      }
    });

    it('locks a premium article again when the subscription lapses, without a new login', async () => {
      const subscriber = await newWriter({ premiumUntil: new Date(ctx.clock.now.getTime() + 60_000) });
      expect((await read(premium, subscriber.token)).json<ArticleDetail>().access).toBe(true);
      ctx.clock.advance(2 * 60_000);
      expect((await read(premium, subscriber.token)).json<ArticleDetail>().access).toBe(false);
      ctx.clock.set(new Date());
    });

    it('shows a pending article only to its author and admins', async () => {
      const reader = await newWriter();
      const admin = await newWriter({ role: 'admin' });
      expect((await read(pending, reader.token)).statusCode).toBe(404);
      expect((await read(pending, author.token)).statusCode).toBe(200);
      expect((await read(pending, admin.token)).statusCode).toBe(200);
    });

    it('answers 404 for a malformed or unknown id', async () => {
      const reader = await newWriter();
      for (const id of ['not-a-uuid', '123', '00000000-0000-0000-0000-000000000000']) {
        const response = await read(id, reader.token);
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorResponse>().code).toBe('NOT_FOUND');
      }
    });

    it("lists a writer's own articles, with the decline reason", async () => {
      const writer = await newWriter();
      await insertArticle(
        ctx.database.db,
        { publisherId: publisher.id, authorId: writer.user.id },
        { status: 'declined', declineReason: 'Needs sources' },
      );
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/articles/user/${writer.user.email}`,
        headers: bearer(writer.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<MyArticlePage>()).toMatchObject({
        articles: [{ status: 'declined', reason: 'Needs sources', isPremium: false }],
        total: 1,
      });
      const snoop = await ctx.app.inject({
        method: 'GET',
        url: `/api/articles/user/${writer.user.email}`,
        headers: bearer((await newWriter()).token),
      });
      expect(snoop.statusCode).toBe(403);
    });
  });

  it("pages a prolific writer's own articles, 10 a page, newest first", async () => {
    const writer = await newWriter();
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 23; i += 1) {
      await insertArticle(
        ctx.database.db,
        { publisherId: publisher.id, authorId: writer.user.id },
        { title: `Piece ${i}`, createdAt: new Date(base + i * 60_000) },
      );
    }
    const pageOf = async (query: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/articles/user/${writer.user.email}${query}`,
          headers: bearer(writer.token),
        })
      ).json<MyArticlePage>();
    const first = await pageOf('');
    expect(first.total).toBe(23);
    expect(first.articles.map((article) => article.title)).toEqual(
      Array.from({ length: LIMITS.pageSize.myArticles }, (_, i) => `Piece ${22 - i}`),
    );
    expect((await pageOf('?page=3')).articles.map((article) => article.title)).toEqual([
      'Piece 2',
      'Piece 1',
      'Piece 0',
    ]);
    const tooMany = await ctx.app.inject({
      method: 'GET',
      url: `/api/articles/user/${writer.user.email}?limit=${LIMITS.maxPageSize + 1}`,
      headers: bearer(writer.token),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  describe('views', () => {
    it('counts one view per call, atomically: 50 at once add exactly 50', async () => {
      const reader = await newWriter();
      const { id } = await insertArticle(ctx.database.db, {
        publisherId: publisher.id,
        authorId: (await insertUser(ctx.database.db)).id,
      });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          ctx.app.inject({ method: 'PATCH', url: `/api/articles/views/${id}`, headers: bearer(reader.token) }),
        ),
      );
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, id));
      expect(row!.views).toBe(50);
      expect(row!.readerDays).toBe(1);
    });

    it("moves trending by readers a day: one reader's 60 views add 60 to views and 1 to trending, two readers 2", async () => {
      const lateToday = new Date();
      lateToday.setUTCHours(23, 50, 0, 0);
      ctx.clock.set(lateToday);
      const db = ctx.database.db;
      const authorId = (await insertUser(db)).id;
      const [reloaded, readTwice] = [
        await insertArticle(db, { publisherId: publisher.id, authorId }, { title: 'Reloaded sixty times' }),
        await insertArticle(db, { publisherId: publisher.id, authorId }, { title: 'Read by two readers' }),
      ];
      const [first, second] = [await newWriter(), await newWriter()];
      const view = (id: string, token: string) =>
        ctx.app.inject({ method: 'PATCH', url: `/api/articles/views/${id}`, headers: bearer(token) });
      const counts = async (id: string) => {
        const [row] = await db.select().from(articles).where(eq(articles.id, id));
        return { views: row!.views, trending: row!.readerDays };
      };
      for (let i = 0; i < 60; i += 1) expect((await view(reloaded.id, first.token)).statusCode).toBe(200);
      expect(await counts(reloaded.id)).toEqual({ views: 60, trending: 1 });
      await view(readTwice.id, first.token);
      await view(readTwice.id, second.token);
      expect(await counts(readTwice.id)).toEqual({ views: 2, trending: 2 });
      await ctx.changed();
      const trending = await ctx.app.inject({ method: 'GET', url: '/api/articles/trending' });
      const titles = trending.json<{ title: string }[]>().map((article) => article.title);
      expect(titles.slice(0, 2)).toEqual(['Read by two readers', 'Reloaded sixty times']);

      // A new UTC day counts the same reader again.
      ctx.clock.advance(20 * 60_000);
      await view(readTwice.id, first.token);
      expect(await counts(readTwice.id)).toEqual({ views: 3, trending: 3 });
      ctx.clock.set(new Date());
    });

    it('refuses more than 60 a minute from one reader on one article', async () => {
      const reader = await newWriter();
      const { id } = await insertArticle(ctx.database.db, {
        publisherId: publisher.id,
        authorId: (await insertUser(ctx.database.db)).id,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const response = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/articles/views/${id}`,
          headers: bearer(reader.token),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      expect(statuses.at(-1)).toBe(429);
    });

    it("does not count its author's own reading as a view", async () => {
      const writer = await newWriter();
      const { id } = await insertArticle(ctx.database.db, { publisherId: publisher.id, authorId: writer.user.id });
      const own = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/articles/views/${id}`,
        headers: bearer(writer.token),
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ views: 0 });
      const reader = await newWriter();
      const other = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/articles/views/${id}`,
        headers: bearer(reader.token),
      });
      expect(other.json()).toEqual({ views: 1 });
      const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, id));
      expect(row!.views).toBe(1);
    });

    it('does not count views of an article the reader may not read', async () => {
      const reader = await newWriter();
      const { id } = await insertArticle(
        ctx.database.db,
        { publisherId: publisher.id, authorId: (await insertUser(ctx.database.db)).id },
        { isPremium: true },
      );
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/articles/views/${id}`,
        headers: bearer(reader.token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.premiumToRead);
      const anonymous = await ctx.app.inject({ method: 'PATCH', url: `/api/articles/views/${id}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('editing and deleting', () => {
    it('lets the author edit; a decided article goes back to pending without its reason', async () => {
      const writer = await newWriter();
      for (const status of ['approved', 'declined', 'pending'] as const) {
        const { id } = await insertArticle(
          ctx.database.db,
          { publisherId: publisher.id, authorId: writer.user.id },
          { status, declineReason: status === 'declined' ? 'No' : null },
        );
        const response = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/articles/${id}`,
          headers: bearer(writer.token),
          payload: { title: 'Edited', description: 'New text', tags: ['Sports'], status: 'approved', isPremium: true },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ modifiedCount: 1 });
        const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, id));
        expect(row).toMatchObject({
          title: 'Edited',
          tags: ['Sports'],
          status: 'pending',
          declineReason: null,
          isPremium: false,
        });
      }
    });

    it('refuses edits by anyone but the author, and invalid edits', async () => {
      const writer = await newWriter();
      const { id } = await insertArticle(ctx.database.db, { publisherId: publisher.id, authorId: writer.user.id });
      const payload = { title: 'Hijacked', description: 'x', tags: ['Sports'] };
      for (const token of [(await newWriter()).token, (await newWriter({ role: 'admin' })).token]) {
        const response = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/articles/${id}`,
          headers: bearer(token),
          payload,
        });
        expect(response.statusCode).toBe(403);
      }
      const invalid = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/articles/${id}`,
        headers: bearer(writer.token),
        payload: { title: '', description: '', tags: [] },
      });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(invalid.json<ErrorResponse>().fieldErrors ?? {}).sort()).toEqual([
        'description',
        'tags',
        'title',
      ]);
    });

    it('lets the author or an admin delete, nobody else', async () => {
      const writer = await newWriter();
      const refs = { publisherId: publisher.id, authorId: writer.user.id };
      const mine = await insertArticle(ctx.database.db, refs);
      const theirs = await insertArticle(ctx.database.db, refs);
      const remove = (id: string, token: string) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: bearer(token) });
      expect((await remove(mine.id, (await newWriter()).token)).statusCode).toBe(403);
      const own = await remove(mine.id, writer.token);
      expect(own.json()).toEqual({ deletedCount: 1 });
      expect((await remove(theirs.id, (await newWriter({ role: 'admin' })).token)).json()).toEqual({ deletedCount: 1 });
      expect((await remove(theirs.id, writer.token)).statusCode).toBe(404);
    });
  });
});
