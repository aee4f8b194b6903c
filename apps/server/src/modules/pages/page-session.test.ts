import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((line) => line.startsWith('dispatch_page='));

describe('the page cookie (decision 014)', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestContext()));
  afterAll(() => ctx.close());

  it('is set by login, HttpOnly and SameSite=Lax, holding the session token', async () => {
    const user = await signedInUser(ctx.app, ctx.database.db);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: PASSWORD },
    });
    const cookie = cookieOf(login.headers['set-cookie']);
    expect(cookie).toBe(
      `dispatch_page=${login.json<{ token: string }>().token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800`,
    );
  });

  it('is never accepted by the API as authentication', async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db);
    for (const url of ['/api/auth/session', '/api/users/role']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: `dispatch_page=${token}` } });
      expect(response.statusCode, url).toBe(401);
    }
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `dispatch_page=${token}` },
    });
    expect(logout.statusCode).toBe(401);
    // The session still works with its Bearer token: the cookie-only logout ended nothing.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });

  it('is given by a session lookup (Google sign-in, older sessions) and cleared by logout', async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
    expect(cookieOf(session.headers['set-cookie'])).toMatch(new RegExp(`^dispatch_page=${token};`));
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout.headers['set-cookie'])).toBe('dispatch_page=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
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
