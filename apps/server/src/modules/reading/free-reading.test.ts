import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTICLE_MESSAGES, ERROR_CODES, READERS_TEXT } from '@dispatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articleReaderDays, articles, moderationActions, siteSettings } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { writeStubWebApp } from '../../test/stub-web-app.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/** What only a reader who may read the whole article gets: past the excerpt (100 characters). */
const REST = 'The rest of the text, past its opening.';

/** What every current browser sends when it opens a page as a document. */
const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' };

describe('free articles for visitors (docs/product.md#who-reads-what)', () => {
  let ctx: TestContext;
  let root: string;
  let admin: { token: string; id: string };
  let refs: { publisherId: string; authorId: string };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-free-reading-'));
    ctx = await createTestContext({ webDir: writeStubWebApp(root), env: { LIMIT_VIEWS_PER_MINUTE: '3' } });
    const signedIn = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    admin = { token: signedIn.token, id: signedIn.user.id };
    refs = {
      publisherId: (await insertPublisher(ctx.database.db)).id,
      authorId: (await insertUser(ctx.database.db)).id,
    };
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The site's setting as the admin sets it; every test starts from SPEC's default. */
  const freeArticleReaders = async (value: 'anyone' | 'signed-in') => {
    const answer = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin.token),
      payload: { freeArticleReaders: value },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  beforeEach(async () => {
    await ctx.database.db.delete(siteSettings);
    await ctx.changed();
  });

  const article = (values: Parameters<typeof insertArticle>[2] = {}) =>
    insertArticle(ctx.database.db, refs, { description: `${'The opening words. '.repeat(8)}${REST}`, ...values });
  const read = (id: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/articles/${id}`, headers });
  const view = (id: string, remoteAddress = '10.1.2.3', headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/articles/views/${id}`, remoteAddress, headers });
  const page = (url: string, headers: Record<string, string> = NAVIGATION) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const markSignedInOnly = (id: string, signedInOnly: boolean, token = admin.token) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${id}/readers`,
      headers: bearer(token),
      payload: { signedInOnly },
    });
  const rowOf = async (id: string) => (await ctx.database.db.select().from(articles).where(eq(articles.id, id)))[0]!;

  describe("with SPEC's default (signed-in readers)", () => {
    it('asks a visitor to log in for a free article, on the API and the page, and counts no view', async () => {
      const { id } = await article();
      const answer = await read(id);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.unauthorized, message: ARTICLE_MESSAGES.loginToRead });
      expect((await view(id)).statusCode).toBe(401);
      const opened = await page(`/articles/${id}`);
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(`/login?redirect=${encodeURIComponent(`/articles/${id}`)}`);
      expect((await rowOf(id)).views).toBe(0);
    });

    it("is the site's starting rule: a new site's visitor is not let in by the API's access check", async () => {
      // Fails if SPEC_SITE_RULES.freeArticleReaders, or the default the settings fall back to, ever changes.
      const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json<{
        freeArticleReaders: string;
      }>();
      expect(config.freeArticleReaders).toBe('signed-in');
      const { id } = await article();
      expect((await read(id)).statusCode).toBe(401);
    });
  });

  describe('with anyone', () => {
    beforeEach(() => freeArticleReaders('anyone'));

    it('answers a visitor the whole free article, and a premium one only its teaser', async () => {
      const free = await article();
      const answer = await read(free.id);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        access: true,
        article: { _id: free.id, description: free.description, signedInOnly: false },
      });
      expect(answer.headers['cache-control']).toBe('private, no-store');

      const premium = await article({ isPremium: true });
      const teaser = await read(premium.id);
      expect(teaser.statusCode).toBe(200);
      expect(teaser.json()).toMatchObject({ access: false, article: { _id: premium.id, isPremium: true } });
      expect(teaser.json().article.description).toBeUndefined();
      expect(teaser.body).not.toContain(REST);
      expect(teaser.json().meter).toBeUndefined();
    });

    it('hides an article that is not approved from a visitor, as from any reader', async () => {
      const { id } = await article({ status: 'pending' });
      expect((await read(id)).statusCode).toBe(404);
      expect((await read('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('still tells a browser whose token names no session that it expired', async () => {
      const { id } = await article();
      const answer = await read(id, bearer('not-a-session'));
      expect(answer.statusCode).toBe(401);
    });

    it('renders the free article page for a browser without a session: no redirect, the text in the HTML', async () => {
      const { id, title, description } = await article();
      const opened = await page(`/articles/${id}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain(`<h1>${title}</h1>`);
      expect(opened.body).toContain(description.slice(0, 60));
      // A copy a shared cache may keep, kept apart from a signed-in reader's (their cookie) and a crawler's.
      expect(opened.headers['cache-control']).toMatch(/^public/);
      expect(opened.headers.vary).toBe('Cookie, Accept-Encoding, Sec-Fetch-Dest');
      // A signed-in reader's copy of the same address is theirs alone: no cache keeps it for a visitor.
      const { pageCookie } = await signedInUser(ctx.app, ctx.database.db);
      const theirs = await page(`/articles/${id}`, { ...NAVIGATION, cookie: pageCookie });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.headers['cache-control']).toBe('private, no-store');
      expect(theirs.headers.etag).toBeUndefined();

      // A premium article's page shows the visitor its teaser, not its text.
      const premium = await article({ isPremium: true });
      const teaser = await page(`/articles/${premium.id}`);
      expect(teaser.statusCode).toBe(200);
      expect(teaser.body).toContain(`<h1>${premium.title}</h1>`);
      expect(teaser.body).not.toContain(REST);

      // A gift link still needs a reader: sign in first.
      const gifted = await page(`/articles/${premium.id}?gift=abc`);
      expect(gifted.statusCode).toBe(302);
    });

    it('sends the page back to /login once the admin returns to signed-in readers', async () => {
      const { id } = await article();
      expect((await page(`/articles/${id}`)).statusCode).toBe(200);
      await freeArticleReaders('signed-in');
      expect((await page(`/articles/${id}`)).statusCode).toBe(302);
      expect((await read(id)).statusCode).toBe(401);
    });

    it('counts one view per address and article a day, for trending too', async () => {
      const { id } = await article();
      const first = await view(id, '10.1.2.3');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ views: 1 });
      expect((await view(id, '10.1.2.3')).json()).toEqual({ views: 1 });
      expect((await view(id, '10.9.9.9')).json()).toEqual({ views: 2 });
      // One IPv6 subscriber's /64 is one address.
      expect((await view(id, '2001:db8:1:2::5')).json()).toEqual({ views: 3 });
      expect((await view(id, '2001:db8:1:2::6')).json()).toEqual({ views: 3 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ views: 3, readerDays: 3 });
      const readers = await ctx.database.db
        .select({ reader: articleReaderDays.reader })
        .from(articleReaderDays)
        .where(eq(articleReaderDays.articleId, id));
      expect(readers).toHaveLength(3);
      // The table keeps no address.
      for (const { reader } of readers) {
        expect(reader).toMatch(/^visitor:[\w-]{22}$/);
        expect(reader).not.toContain('10.');
      }

      // A signed-in reader's page loads still count each, as SPEC says.
      const reader = await signedInUser(ctx.app, ctx.database.db);
      await view(id, '10.1.2.3', bearer(reader.token));
      expect((await view(id, '10.1.2.3', bearer(reader.token))).json()).toEqual({ views: 5 });
    });

    it("keeps a visitor's views under the per-minute view limit of their address", async () => {
      const { id } = await article();
      const answers = [];
      for (let index = 0; index < 4; index += 1) answers.push((await view(id, '10.7.7.7')).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
    });

    it("refuses a visitor's view of a premium teaser, and counts none", async () => {
      const { id } = await article({ isPremium: true });
      const answer = await view(id);
      expect(answer.statusCode).toBe(403);
      expect((await rowOf(id)).views).toBe(0);
    });
  });

  describe('an article kept for signed-in readers', () => {
    it('is refused to a visitor as every free article is by default, whatever the setting', async () => {
      const { id } = await article();
      expect((await markSignedInOnly(id, true)).json()).toEqual({ signedInOnly: true });
      await freeArticleReaders('anyone');

      const answer = await read(id);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.unauthorized, message: ARTICLE_MESSAGES.loginToRead });
      expect((await view(id)).statusCode).toBe(401);
      const opened = await page(`/articles/${id}`);
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(`/login?redirect=${encodeURIComponent(`/articles/${id}`)}`);
      // A crawler still reads its preview, nothing more.
      const crawler = await page(`/articles/${id}`, {});
      expect(crawler.statusCode).toBe(200);
      expect(crawler.body).not.toContain(REST);

      // A signed-in reader reads it, and its answer says it is kept.
      const reader = await signedInUser(ctx.app, ctx.database.db);
      const theirs = await read(id, bearer(reader.token));
      expect(theirs.json()).toMatchObject({ access: true, article: { signedInOnly: true } });

      // Opened again: visitors read it.
      expect((await markSignedInOnly(id, false)).json()).toEqual({ signedInOnly: false });
      expect((await read(id)).statusCode).toBe(200);
      expect((await page(`/articles/${id}`)).statusCode).toBe(200);
    });

    it('is set by admins only, and each change is in History once', async () => {
      const { id } = await article();
      const reader = await signedInUser(ctx.app, ctx.database.db);
      expect((await markSignedInOnly(id, true, reader.token)).statusCode).toBe(403);
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: `/api/admin/articles/${id}/readers`,
            payload: { signedInOnly: true },
          })
        ).statusCode,
      ).toBe(401);
      expect((await rowOf(id)).signedInOnly).toBe(false);

      expect((await markSignedInOnly(id, true)).statusCode).toBe(200);
      expect((await markSignedInOnly(id, true)).statusCode).toBe(200);
      expect((await markSignedInOnly(id, false)).statusCode).toBe(200);
      const recorded = await ctx.database.db
        .select({ detail: moderationActions.detail, actorId: moderationActions.actorId })
        .from(moderationActions)
        .where(and(eq(moderationActions.articleId, id), eq(moderationActions.action, 'readers')))
        .orderBy(moderationActions.createdAt);
      expect(recorded).toEqual([
        { detail: READERS_TEXT.historyNote.signedInOnly, actorId: admin.id },
        { detail: READERS_TEXT.historyNote.open, actorId: admin.id },
      ]);
      const history = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/history?article=${id}`,
        headers: bearer(admin.token),
      });
      expect(history.json().entries.map((entry: { action: string }) => entry.action)).toEqual(['readers', 'readers']);
    });

    it('refuses a body that is not a yes or no, and an article that does not exist, changing nothing', async () => {
      const { id } = await article();
      const bad = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/articles/${id}/readers`,
        headers: bearer(admin.token),
        payload: { signedInOnly: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
      expect((await rowOf(id)).signedInOnly).toBe(false);
      expect((await markSignedInOnly('00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
      expect((await markSignedInOnly('not-an-id', true)).statusCode).toBe(404);
    });

    it('shows a visitor its card in lists and searches, with nothing of the text past the excerpt', async () => {
      await freeArticleReaders('anyone');
      const { id } = await article({ title: 'Kept harbour story' });
      await markSignedInOnly(id, true);
      const search = async (headers: Record<string, string> = {}) => {
        const answer = await ctx.app.inject({
          method: 'GET',
          url: '/api/articles/approved?search=harbour rest',
          headers,
        });
        return answer.json<{ articles: { _id: string; excerpt: string; highlight?: { text: string }[] }[] }>().articles;
      };
      const card = (await search()).find((candidate) => candidate._id === id)!;
      expect(card.excerpt).not.toContain(REST);
      expect(JSON.stringify(card)).not.toContain('past its opening');
      // A signed-in reader's highlight may quote the text they may read.
      const reader = await signedInUser(ctx.app, ctx.database.db);
      const theirs = (await search(bearer(reader.token))).find((candidate) => candidate._id === id)!;
      expect(JSON.stringify(theirs.highlight)).toContain('past its opening');

      const list = await ctx.app.inject({ method: 'GET', url: '/api/articles/approved' });
      expect(list.body).toContain(id);
      expect(list.body).not.toContain(REST);
    });

    it("shows on the desk's rows", async () => {
      const { id } = await article();
      await markSignedInOnly(id, true);
      const desk = await ctx.app.inject({ method: 'GET', url: '/api/admin/articles', headers: bearer(admin.token) });
      const row = desk.json().articles.find((candidate: { _id: string }) => candidate._id === id);
      expect(row).toMatchObject({ signedInOnly: true });
    });
  });

  describe('while the database is down', () => {
    /** Every statement fails as a PostgreSQL that is shutting down answers (an unavailable database). */
    const databaseDown = () => {
      const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
      const query = client.query;
      client.query = () =>
        Promise.reject(
          Object.assign(new Error('the database system is shutting down'), { code: '57P03', severity: 'FATAL' }),
        );
      return () => void (client.query = query);
    };

    it("tells a visitor to log in (SPEC's 401), not a 5xx, when the settings are not cached", async () => {
      const { id } = await article();
      await ctx.changed();
      const restore = databaseDown();
      try {
        const answer = await read(id);
        expect(answer.statusCode, answer.body).toBe(401);
        expect(answer.json()).toMatchObject({ message: ARTICLE_MESSAGES.loginToRead });
        expect((await view(id)).statusCode).toBe(401);
      } finally {
        restore();
      }
    });

    it('never serves a crawler a free text kept from before the admin closed it', async () => {
      await freeArticleReaders('anyone');
      const { id } = await article();
      // A link preview or crawler: no browser navigation, so never sent to /login.
      const opened = await page(`/articles/${id}`, {});
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain(REST);
      // An edge may not serve the text past its 90 s after an error either.
      expect(opened.headers['cache-control']).not.toContain('stale-if-error');

      await freeArticleReaders('signed-in');
      const restore = databaseDown();
      try {
        const during = await page(`/articles/${id}`, {});
        expect(during.body).not.toContain(REST);
      } finally {
        restore();
      }
    });
  });
});
