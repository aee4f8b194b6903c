import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { writeStubWebApp } from '../../test/stub-web-app.js';

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((line) => line.startsWith('dispatch_page='));

/**
 * A stand-in for the web app's server bundle (`dist-ssr/entry-server.js`, which the tests do not build): the
 * home page names its viewer, the tag of the browser's token, and how its own read of an article that does not
 * exist is answered: a 404 for a reader, where anyone else would get the API's 401.
 */
const STUB_RENDERER = `
export const PAGE_STATE_ELEMENT_ID = 'page-state';
export async function renderPage({ viewer, reads }) {
  let text = 'anonymous';
  if (viewer) {
    const status = await reads.article('00000000-0000-4000-8000-000000000000').then(() => 200, (error) => error.statusCode);
    text = viewer.user.email + ' ' + viewer.tokenTag + ' read ' + status;
  }
  return { kind: 'page', status: 200, head: '', body: '<p id="viewer">' + text + '</p>', state: null };
}
`;

describe('the page cookie (decisions 014, 041)', () => {
  let ctx: TestContext;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dispatch-page-cookie-'));
    const webDir = writeStubWebApp(root, STUB_RENDERER);
    ctx = await createTestContext({ webDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  const login = (email: string, password = PASSWORD) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  /** Who the home page was rendered for, as the stand-in renderer writes it. */
  const renderedFor = async (cookie: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return {
      viewer: /<p id="viewer">(.*?)<\/p>/.exec(response.body)?.[1],
      setCookie: cookieOf(response.headers['set-cookie']),
    };
  };

  it('is set by login, HttpOnly and SameSite=Lax, holding a credential of its own, not the API token', async () => {
    const user = await signedInUser(ctx.app, ctx.database.db);
    const answer = await login(user.user.email);
    const token = answer.json<{ token: string }>().token;
    const cookie = cookieOf(answer.headers['set-cookie'])!;
    expect(cookie).toMatch(/^dispatch_page=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    expect(cookie).not.toContain(token);
  });

  it('is never accepted by the API as authentication, as a cookie or as a Bearer token', async () => {
    const { token, pageCookie } = await signedInUser(ctx.app, ctx.database.db);
    const credential = pageCookie.slice('dispatch_page='.length);
    for (const url of ['/api/auth/session', '/api/users/role']) {
      for (const headers of [{ cookie: pageCookie }, bearer(credential)]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url} ${Object.keys(headers)[0]}`).toBe(401);
      }
    }
    for (const headers of [{ cookie: pageCookie }, bearer(credential)]) {
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(logout.statusCode).toBe(401);
    }
    // The session still works with its Bearer token: neither logout ended anything.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });

  it("renders the page for its session, with the browser's token named by its tag, and reads as that reader", async () => {
    const { user, token, pageCookie } = await signedInUser(ctx.app, ctx.database.db);
    const page = await renderedFor(pageCookie);
    expect(page.viewer).toBe(`${user.email} ${token.slice(-12)} read 404`);
    expect(page.setCookie).toBeUndefined();
  });

  it('renders an anonymous page for the API token used as the cookie, and clears it', async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db);
    const page = await renderedFor(`dispatch_page=${token}`);
    expect(page.viewer).toBe('anonymous');
    expect(page.setCookie).toBe('dispatch_page=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });

  it('is given by a session lookup (Google sign-in, older sessions) and ends with logout', async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
    const given = cookieOf(session.headers['set-cookie'])!;
    expect(given).toMatch(/^dispatch_page=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(given).not.toContain(token);
    const pageCookie = given.split(';')[0]!;
    expect((await renderedFor(pageCookie)).viewer).not.toBe('anonymous');

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout.headers['set-cookie'])).toBe('dispatch_page=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    // A copy of the cookie kept past the logout opens nothing.
    expect((await renderedFor(pageCookie)).viewer).toBe('anonymous');
  });

  it("ends with the session when a password change ends the reader's other sessions", async () => {
    const { user, token } = await signedInUser(ctx.app, ctx.database.db);
    const other = cookieOf((await login(user.email)).headers['set-cookie'])!.split(';')[0]!;
    expect((await renderedFor(other)).viewer).not.toBe('anonymous');
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(token),
      payload: { currentPassword: PASSWORD, newPassword: 'Another#456' },
    });
    expect(change.statusCode).toBe(200);
    expect((await renderedFor(other)).viewer).toBe('anonymous');
  });
});

describe('GET /api/articles/:id/preview: what a shared link shows, for anyone', () => {
  let ctx: TestContext;
  let refs: { publisherId: string; authorId: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    refs = {
      publisherId: (await insertPublisher(ctx.database.db)).id,
      authorId: (await insertUser(ctx.database.db, { name: 'Ada Author' })).id,
    };
  });
  afterAll(() => ctx.close());

  const preview = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/articles/${id}/preview` });

  it('answers an approved article without its text, premium or not', async () => {
    const body = 'A first line that fits in the excerpt. '.repeat(3) + 'THE PAYWALLED PART ' + 'more text. '.repeat(10);
    for (const isPremium of [false, true]) {
      const article = await insertArticle(ctx.database.db, refs, { description: body, isPremium, tags: ['Health'] });
      const response = await preview(article.id);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('THE PAYWALLED PART');
      expect(response.json()).toMatchObject({
        _id: article.id,
        title: article.title,
        isPremium,
        author_name: 'Ada Author',
        tags: ['Health'],
        excerpt: body.slice(0, 100),
        updatedAt: expect.any(String),
      });
      expect(response.json()).not.toHaveProperty('description');
    }
  });

  it('answers 404 for a pending, declined, unknown or malformed id', async () => {
    for (const status of ['pending', 'declined'] as const) {
      const article = await insertArticle(ctx.database.db, refs, { status });
      expect((await preview(article.id)).statusCode).toBe(404);
    }
    expect((await preview('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await preview('not-an-id')).statusCode).toBe(404);
  });
});
