import { ERROR_CODES } from '@dispatch/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articleRevisions, giftLinks, plans, tags, users } from './db/schema.js';
import { insertArticle, insertPublisher, insertUser, makeImage } from './test/fixtures.js';
import { bearer, multipart, pngBytes, signedInUser } from './test/http.js';
import { createTestContext, type TestContext } from './test/test-app.js';

type Role = 'anonymous' | 'user' | 'author' | 'premium' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'author', 'premium', 'admin'];

interface Row {
  endpoint: string;
  /** Builds a fresh request, so destructive calls each get their own article or user. */
  request: () => Promise<InjectOptions>;
  expected: Record<Role, number>;
}

const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  user: status,
  author: status,
  premium: status,
  admin: status,
});
const loggedIn = (status: number): Record<Role, number> => ({ ...everyone(status), anonymous: 401 });
const adminOnly = (status: number): Record<Role, number> => ({
  anonymous: 401,
  user: 403,
  author: 403,
  premium: 403,
  admin: status,
});
const authorOrAdmin = (status: number): Record<Role, number> => ({
  anonymous: 401,
  user: 403,
  author: status,
  premium: 403,
  admin: status,
});

/** docs/product.md's access table, endpoint by endpoint, for each kind of caller. */
describe('who may call what', () => {
  let ctx: TestContext;
  const tokens: Partial<Record<Role, string>> = {};
  let authorEmail: string;
  let authorId: string;
  let publisherId: string;
  let image: string;
  const rows: Row[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const author = await signedInUser(ctx.app, db);
    authorEmail = author.user.email;
    authorId = author.user.id;
    tokens.author = author.token;
    tokens.user = (await signedInUser(ctx.app, db)).token;
    tokens.premium = (await signedInUser(ctx.app, db, { premiumUntil: new Date(Date.now() + 3_600_000) })).token;
    tokens.admin = (await signedInUser(ctx.app, db, { role: 'admin' })).token;
    publisherId = (await insertPublisher(db, { name: 'Matrix Post' })).id;
    image = await makeImage(ctx.images);
    await insertArticle(db, { publisherId, authorId });
  });
  afterAll(() => ctx.close());

  /** The author's page address (they have an approved article from the start). */
  const authorSlug = async () =>
    (await ctx.database.db.select({ slug: users.slug }).from(users).where(eq(users.id, authorId)))[0]?.slug;
  const article = async (values: Parameters<typeof insertArticle>[2] = {}) =>
    (await insertArticle(ctx.database.db, { publisherId, authorId }, values)).id;
  /** The author's article with its first revision, for the routes about revisions. */
  const withRevision = async (values: Parameters<typeof insertArticle>[2] = {}) => {
    const row = await insertArticle(ctx.database.db, { publisherId, authorId }, values);
    const [revision] = await ctx.database.db
      .insert(articleRevisions)
      .values({
        articleId: row.id,
        number: 1,
        authorId,
        title: row.title,
        description: row.description,
        tags: row.tags,
      })
      .returning();
    return { id: row.id, revisionId: revision!.id };
  };
  // Its own article and writer only: what anyone but the author and admins gets is 404, as for a pending text.
  const authorOrAdminElseHidden = (status: number): Record<Role, number> => ({
    anonymous: 401,
    user: 404,
    author: status,
    premium: 404,
    admin: status,
  });

  const get = (url: string) => async (): Promise<InjectOptions> => ({ method: 'GET', url });
  rows.push(
    ...[
      '/api/config',
      '/api/articles/approved',
      '/api/articles/trending',
      '/api/publishers',
      '/api/publishers/matrix-post',
      '/api/tags',
      '/api/tags/politics',
      '/api/stats/users',
    ].map((url) => ({ endpoint: `GET ${url}`, request: get(url), expected: everyone(200) })),
    ...[
      '/rss.xml',
      '/feed.atom',
      '/sitemap.xml',
      '/sitemaps/pages.xml',
      '/sitemaps/news.xml',
      '/sitemaps/articles-1.xml',
      '/robots.txt',
      '/corrections/rss.xml',
      '/corrections/feed.atom',
      '/api/corrections',
    ].map((url) => ({ endpoint: `GET ${url}`, request: get(url), expected: everyone(200) })),
    {
      endpoint: 'GET /api/authors/:slug',
      request: async () => ({ method: 'GET', url: `/api/authors/${(await authorSlug())!}` }),
      expected: everyone(200),
    },
    {
      endpoint: 'GET /api/articles/:id/corrections (premium article)',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article({ isPremium: true })}/corrections` }),
      expected: everyone(200),
    },
    {
      endpoint: 'GET /api/articles/:id/corrections (pending)',
      request: async () => ({
        method: 'GET',
        url: `/api/articles/${await article({ status: 'pending' })}/corrections`,
      }),
      expected: everyone(404),
    },
    {
      endpoint: 'POST /api/articles/:id/corrections',
      request: async () => {
        const { id, revisionId } = await withRevision();
        return { method: 'POST', url: `/api/articles/${id}/corrections`, payload: { revisionId, note: 'Fixed.' } };
      },
      expected: adminOnly(201),
    },
    {
      endpoint: 'GET /api/articles/:id/preview (approved)',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article()}/preview` }),
      expected: everyone(200),
    },
    {
      endpoint: 'GET /api/articles/:id/related (approved)',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article()}/related` }),
      expected: everyone(200),
    },
    {
      endpoint: 'GET /api/articles/:id/related (pending)',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article({ status: 'pending' })}/related` }),
      expected: everyone(404),
    },
    {
      endpoint: 'GET /api/articles/:id (approved)',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article()}` }),
      expected: loggedIn(200),
    },
    {
      endpoint: 'GET /api/articles/:id (pending)',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article({ status: 'pending' })}` }),
      expected: { anonymous: 401, user: 404, author: 200, premium: 404, admin: 200 },
    },
    {
      endpoint: 'POST /api/articles/:id/free-read (premium article)',
      request: async () => ({ method: 'POST', url: `/api/articles/${await article({ isPremium: true })}/free-read` }),
      expected: loggedIn(200),
    },
    {
      endpoint: 'POST /api/articles/:id/free-read (pending)',
      request: async () => ({ method: 'POST', url: `/api/articles/${await article({ status: 'pending' })}/free-read` }),
      expected: { anonymous: 401, user: 404, author: 200, premium: 404, admin: 200 },
    },
    {
      endpoint: 'PATCH /api/articles/views/:id (premium article)',
      request: async () => ({ method: 'PATCH', url: `/api/articles/views/${await article({ isPremium: true })}` }),
      expected: { anonymous: 401, user: 403, author: 200, premium: 200, admin: 200 },
    },
    {
      endpoint: 'POST /api/articles',
      request: async () => ({
        method: 'POST',
        url: '/api/articles',
        payload: { title: 'T', image, publisher: 'Matrix Post', tags: ['Health'], description: 'D' },
      }),
      expected: { anonymous: 401, user: 201, author: 403, premium: 201, admin: 201 },
    },
    {
      endpoint: 'POST /api/uploads',
      request: async () => {
        const body = await multipart({}, { image: { bytes: await pngBytes(), name: 'a.png' } });
        return { method: 'POST', url: '/api/uploads', ...body };
      },
      expected: loggedIn(201),
    },
    { endpoint: 'GET /api/auth/session', request: get('/api/auth/session'), expected: loggedIn(200) },
    {
      endpoint: "GET /api/articles/user/:email (the author's)",
      request: async () => ({ method: 'GET', url: `/api/articles/user/${authorEmail}` }),
      expected: authorOrAdmin(200),
    },
    {
      endpoint: "GET /api/user/:email (the author's)",
      request: async () => ({ method: 'GET', url: `/api/user/${authorEmail}` }),
      expected: authorOrAdmin(200),
    },
    {
      endpoint: "GET /api/users/role?email= (the author's)",
      request: async () => ({ method: 'GET', url: `/api/users/role?email=${authorEmail}` }),
      expected: authorOrAdmin(200),
    },
    {
      endpoint: "PATCH /api/users/:email (the author's)",
      request: async () => ({
        method: 'PATCH',
        url: `/api/users/${authorEmail}`,
        payload: { name: 'Renamed', profile_pic: image },
      }),
      expected: authorOrAdmin(200),
    },
    {
      endpoint: 'PATCH /api/articles/:id',
      request: async () => ({
        method: 'PATCH',
        url: `/api/articles/${await article()}`,
        payload: { title: 'Edited', description: 'Edited', tags: ['Sports'] },
      }),
      expected: { anonymous: 401, user: 403, author: 200, premium: 403, admin: 403 },
    },
    {
      endpoint: 'DELETE /api/articles/:id',
      request: async () => ({ method: 'DELETE', url: `/api/articles/${await article()}` }),
      expected: authorOrAdmin(200),
    },
    { endpoint: 'GET /api/admin/articles', request: get('/api/admin/articles'), expected: adminOnly(200) },
    {
      endpoint: 'PATCH /api/articles/approve/:id',
      request: async () => ({ method: 'PATCH', url: `/api/articles/approve/${await article({ status: 'pending' })}` }),
      expected: adminOnly(200),
    },
    {
      endpoint: 'PATCH /api/articles/decline/:id',
      request: async () => ({
        method: 'PATCH',
        url: `/api/articles/decline/${await article({ status: 'pending' })}`,
        payload: { reason: 'No' },
      }),
      expected: adminOnly(200),
    },
    {
      endpoint: 'PATCH /api/articles/premium/:id',
      request: async () => ({ method: 'PATCH', url: `/api/articles/premium/${await article()}` }),
      expected: adminOnly(200),
    },
    {
      endpoint: 'PUT /api/admin/articles/:id/readers',
      request: async () => ({
        method: 'PUT',
        url: `/api/admin/articles/${await article()}/readers`,
        payload: { signedInOnly: true },
      }),
      expected: adminOnly(200),
    },
    {
      endpoint: 'PATCH /api/articles/request-changes/:id',
      request: async () => ({
        method: 'PATCH',
        url: `/api/articles/request-changes/${await article({ status: 'pending' })}`,
        payload: { note: 'Cite a source.' },
      }),
      expected: adminOnly(200),
    },
    {
      endpoint: 'PATCH /api/articles/resubmit/:id',
      request: async () => ({
        method: 'PATCH',
        url: `/api/articles/resubmit/${await article({ status: 'changes_requested' })}`,
      }),
      expected: { anonymous: 401, user: 403, author: 200, premium: 403, admin: 403 },
    },
    {
      endpoint: 'GET /api/articles/:id/revisions (premium article)',
      request: async () => ({
        method: 'GET',
        url: `/api/articles/${(await withRevision({ isPremium: true })).id}/revisions`,
      }),
      expected: authorOrAdminElseHidden(200),
    },
    {
      endpoint: 'POST /api/articles/:id/revisions/:revisionId/restore',
      request: async () => {
        const { id, revisionId } = await withRevision();
        return { method: 'POST', url: `/api/articles/${id}/revisions/${revisionId}/restore` };
      },
      expected: authorOrAdmin(200),
    },
    {
      endpoint: 'GET /api/articles/:id/history',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article()}/history` }),
      expected: authorOrAdminElseHidden(200),
    },
    {
      endpoint: 'GET /api/admin/articles/:id/review',
      request: async () => ({ method: 'GET', url: `/api/admin/articles/${(await withRevision()).id}/review` }),
      expected: adminOnly(200),
    },
    { endpoint: 'GET /api/admin/history', request: get('/api/admin/history'), expected: adminOnly(200) },
    { endpoint: 'GET /api/account/export', request: get('/api/account/export'), expected: loggedIn(200) },
    {
      // Without the password: everyone signed in may ask, and is told what is missing.
      endpoint: 'POST /api/account/delete',
      request: async () => ({ method: 'POST', url: '/api/account/delete', payload: {} }),
      expected: loggedIn(400),
    },
    { endpoint: 'GET /api/notifications', request: get('/api/notifications'), expected: loggedIn(200) },
    { endpoint: 'GET /api/notifications/unread', request: get('/api/notifications/unread'), expected: loggedIn(200) },
    {
      endpoint: 'POST /api/notifications/read',
      request: async () => ({ method: 'POST', url: '/api/notifications/read', payload: {} }),
      expected: loggedIn(200),
    },
    {
      endpoint: 'GET /api/notifications/preferences',
      request: get('/api/notifications/preferences'),
      expected: loggedIn(200),
    },
    {
      endpoint: 'PUT /api/notifications/preferences',
      request: async () => ({
        method: 'PUT',
        url: '/api/notifications/preferences',
        payload: { optOuts: ['approved'] },
      }),
      expected: loggedIn(200),
    },
    {
      endpoint: 'POST /api/notifications/unsubscribe (a forged token)',
      request: async () => ({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token: 'forged' } }),
      expected: everyone(400),
    },
    {
      // The matrix's site sends no e-mail: the brief is off for everyone, signed in or not.
      endpoint: 'POST /api/brief/subscribe (mail off)',
      request: async () => ({
        method: 'POST',
        url: '/api/brief/subscribe',
        payload: { hour: 7, timeZone: 'UTC', email: 'matrix.visitor@example.com' },
      }),
      expected: everyone(409),
    },
    {
      endpoint: 'POST /api/brief/confirm (a forged token)',
      request: async () => ({ method: 'POST', url: '/api/brief/confirm', payload: { token: 'forged' } }),
      expected: everyone(400),
    },
    { endpoint: 'GET /api/family', request: get('/api/family'), expected: loggedIn(200) },
    {
      // Nobody in the matrix bought a plan for several accounts.
      endpoint: 'POST /api/family/invitations (no family)',
      request: async () => ({ method: 'POST', url: '/api/family/invitations', payload: { email: 'kin@example.com' } }),
      expected: loggedIn(403),
    },
    {
      endpoint: 'DELETE /api/family/invitations/:id (no family)',
      request: async () => ({ method: 'DELETE', url: `/api/family/invitations/${crypto.randomUUID()}` }),
      expected: loggedIn(403),
    },
    {
      endpoint: 'DELETE /api/family/members/:id (no family)',
      request: async () => ({ method: 'DELETE', url: `/api/family/members/${crypto.randomUUID()}` }),
      expected: loggedIn(403),
    },
    {
      endpoint: 'PUT /api/family/members/:id/controls (no family)',
      request: async () => ({
        method: 'PUT',
        url: `/api/family/members/${crypto.randomUUID()}/controls`,
        payload: { youngReader: true, hiddenTags: ['Politics'] },
      }),
      expected: loggedIn(403),
    },
    {
      endpoint: 'POST /api/family/leave (in no family)',
      request: async () => ({ method: 'POST', url: '/api/family/leave' }),
      expected: loggedIn(404),
    },
    {
      endpoint: 'POST /api/family/invitations/accept (a forged token)',
      request: async () => ({ method: 'POST', url: '/api/family/invitations/accept', payload: { token: 'forged' } }),
      expected: loggedIn(400),
    },
    {
      endpoint: 'POST /api/family/invitations/preview (a forged token)',
      request: async () => ({ method: 'POST', url: '/api/family/invitations/preview', payload: { token: 'forged' } }),
      expected: loggedIn(400),
    },
    { endpoint: 'GET /api/brief/me', request: get('/api/brief/me'), expected: loggedIn(200) },
    {
      endpoint: 'PUT /api/brief/me (not subscribed)',
      request: async () => ({ method: 'PUT', url: '/api/brief/me', payload: { hour: 7, timeZone: 'UTC' } }),
      expected: loggedIn(404),
    },
    {
      endpoint: 'DELETE /api/brief/me',
      request: async () => ({ method: 'DELETE', url: '/api/brief/me' }),
      expected: loggedIn(200),
    },
    {
      endpoint: 'POST /api/brief/unsubscribe (a forged token, RFC 8058 form)',
      request: async () => ({
        method: 'POST',
        url: '/api/brief/unsubscribe?token=forged',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
      expected: everyone(400),
    },
    {
      endpoint: 'POST /api/auth/verify-email (a forged token)',
      request: async () => ({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'forged' } }),
      expected: everyone(400),
    },
    { endpoint: 'GET /api/users', request: get('/api/users'), expected: adminOnly(200) },
    {
      endpoint: 'PATCH /api/users/admin/:id',
      request: async () => ({ method: 'PATCH', url: `/api/users/admin/${(await insertUser(ctx.database.db)).id}` }),
      expected: adminOnly(200),
    },
    {
      endpoint: 'POST /api/dashboard/publishers',
      request: async () => ({
        method: 'POST',
        url: '/api/dashboard/publishers',
        payload: { name: `Publisher ${Math.random()}`, logo: image },
      }),
      expected: adminOnly(201),
    },
    { endpoint: 'GET /api/dashboard/charts', request: get('/api/dashboard/charts'), expected: adminOnly(200) },
    {
      endpoint: 'GET /api/admin/desk-summary',
      request: get('/api/admin/desk-summary'),
      expected: adminOnly(200),
    },
    { endpoint: 'GET /api/dashboard/publishers', request: get('/api/dashboard/publishers'), expected: adminOnly(200) },
    { endpoint: 'GET /api/dashboard/funnel', request: get('/api/dashboard/funnel'), expected: adminOnly(200) },
    {
      endpoint: 'POST /api/create-payment-intent',
      request: async () => ({ method: 'POST', url: '/api/create-payment-intent', payload: { planId: 'trial' } }),
      expected: loggedIn(200),
    },
    { endpoint: 'GET /api/subscription', request: get('/api/subscription'), expected: loggedIn(200) },
    {
      endpoint: 'POST /api/subscription/cancel (none to cancel)',
      request: async () => ({ method: 'POST', url: '/api/subscription/cancel' }),
      expected: loggedIn(404),
    },
    {
      endpoint: 'POST /api/subscription/resume (none to resume)',
      request: async () => ({ method: 'POST', url: '/api/subscription/resume' }),
      expected: loggedIn(404),
    },
    {
      endpoint: 'POST /api/subscription/portal (none at Stripe)',
      request: async () => ({ method: 'POST', url: '/api/subscription/portal' }),
      expected: loggedIn(404),
    },
    {
      endpoint: 'POST /api/subscription/card (none to pay)',
      request: async () => ({
        method: 'POST',
        url: '/api/subscription/card',
        payload: { card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } },
      }),
      expected: loggedIn(404),
    },
    {
      endpoint: 'GET /api/premium-articles',
      request: get('/api/premium-articles'),
      expected: { anonymous: 401, user: 403, author: 403, premium: 200, admin: 200 },
    },
    {
      endpoint: 'POST /api/articles/:id/gift-links (premium article)',
      request: async () => ({ method: 'POST', url: `/api/articles/${await article({ isPremium: true })}/gift-links` }),
      expected: { anonymous: 401, user: 403, author: 403, premium: 201, admin: 201 },
    },
    {
      endpoint: 'GET /api/articles/:id/gift-links',
      request: async () => ({ method: 'GET', url: `/api/articles/${await article({ isPremium: true })}/gift-links` }),
      expected: loggedIn(200),
    },
    { endpoint: 'GET /api/gift-links', request: get('/api/gift-links'), expected: loggedIn(200) },
    {
      endpoint: "DELETE /api/gift-links/:id (another reader's)",
      request: async () => {
        const sender = await insertUser(ctx.database.db);
        const [link] = await ctx.database.db
          .insert(giftLinks)
          .values({
            tokenHash: `hash-${Math.random()}`,
            articleId: await article({ isPremium: true }),
            senderId: sender.id,
            expiresAt: new Date(Date.now() + 86_400_000),
          })
          .returning();
        return { method: 'DELETE', url: `/api/gift-links/${link!.id}` };
      },
      expected: { anonymous: 401, user: 404, author: 404, premium: 404, admin: 200 },
    },
    { endpoint: 'GET /api/briefs', request: get('/api/briefs'), expected: everyone(200) },
    { endpoint: 'GET /api/admin/brief/preview', request: get('/api/admin/brief/preview'), expected: adminOnly(200) },
    { endpoint: 'GET /api/admin/brief/sends', request: get('/api/admin/brief/sends'), expected: adminOnly(200) },
    {
      endpoint: 'POST /api/admin/brief/special',
      request: async () => ({
        method: 'POST',
        url: '/api/admin/brief/special',
        payload: { articleId: await article(), audience: 'all' },
      }),
      expected: adminOnly(200),
    },
    {
      // No SMTP_URL here: the admin is told mail is off.
      endpoint: 'POST /api/admin/brief/test',
      request: async () => ({ method: 'POST', url: '/api/admin/brief/test' }),
      expected: adminOnly(409),
    },
    { endpoint: 'GET /api/plans', request: get('/api/plans'), expected: everyone(200) },
    { endpoint: 'GET /api/plans/:id', request: get('/api/plans/trial'), expected: everyone(200) },
    {
      endpoint: "GET /api/users/access?email= (the author's)",
      request: async () => ({ method: 'GET', url: `/api/users/access?email=${authorEmail}` }),
      expected: authorOrAdmin(200),
    },
    { endpoint: 'GET /api/admin/plans', request: get('/api/admin/plans'), expected: adminOnly(200) },
    {
      endpoint: 'POST /api/admin/plans',
      request: async () => ({
        method: 'POST',
        url: '/api/admin/plans',
        payload: {
          name: `Plan ${Math.random()}`,
          price: 4.5,
          durationMinutes: 60,
          features: ['One hour'],
          premiumArticles: null,
          visibility: 'unlisted',
        },
      }),
      expected: adminOnly(201),
    },
    {
      endpoint: 'PATCH /api/admin/plans/:id',
      request: async () => ({ method: 'PATCH', url: '/api/admin/plans/family', payload: { price: 5 } }),
      expected: adminOnly(200),
    },
    {
      endpoint: 'PUT /api/admin/plans/order',
      request: async () => {
        const ids = (await ctx.database.db.select({ id: plans.id }).from(plans)).map((row) => row.id);
        return { method: 'PUT', url: '/api/admin/plans/order', payload: { ids: ids.reverse() } };
      },
      expected: adminOnly(200),
    },
    { endpoint: 'GET /api/admin/tags', request: get('/api/admin/tags'), expected: adminOnly(200) },
    {
      endpoint: 'POST /api/admin/tags',
      request: async () => ({ method: 'POST', url: '/api/admin/tags', payload: { name: `Tag ${Math.random()}` } }),
      expected: adminOnly(201),
    },
    {
      endpoint: 'PATCH /api/admin/tags/:id',
      request: async () => {
        const [sports] = await ctx.database.db.select().from(tags).where(eq(tags.name, 'Sports'));
        return { method: 'PATCH', url: `/api/admin/tags/${sports!.id}`, payload: { archived: false } };
      },
      expected: adminOnly(200),
    },
    {
      endpoint: 'POST /api/admin/tags/:id/merge',
      request: async () => {
        const [politics] = await ctx.database.db.select().from(tags).where(eq(tags.name, 'Politics'));
        const [merged] = await ctx.database.db
          .insert(tags)
          .values({ name: `Merged ${Math.random()}`, slug: `merged-${Math.random()}`.replace('.', ''), position: 99 })
          .returning();
        return { method: 'POST', url: `/api/admin/tags/${merged!.id}/merge`, payload: { into: politics!.id } };
      },
      expected: adminOnly(200),
    },
    { endpoint: 'GET /api/admin/settings', request: get('/api/admin/settings'), expected: adminOnly(200) },
    {
      endpoint: 'PATCH /api/admin/settings',
      request: async () => ({
        method: 'PATCH',
        url: '/api/admin/settings',
        payload: { postalAddress: '1 Quay Street' },
      }),
      expected: adminOnly(200),
    },
    {
      endpoint: "PATCH /api/users/premium/:email (the author's)",
      request: async () => ({
        method: 'PATCH',
        url: `/api/users/premium/${authorEmail}`,
        payload: { premiumTaken: new Date(Date.now() + 86_400_000).toISOString() },
      }),
      expected: adminOnly(200),
    },
  );

  it.each(rows.flatMap((row) => ROLES.map((role) => [row.endpoint, role, row] as const)))(
    '%s as %s',
    async (_endpoint, role, row) => {
      const request = await row.request();
      const response = await ctx.app.inject({
        ...request,
        headers: { ...(request.headers as Record<string, string>), ...(tokens[role] ? bearer(tokens[role]) : {}) },
      });
      expect(response.statusCode, response.body).toBe(row.expected[role]);
    },
  );

  describe('access is decided before the request is validated', () => {
    // Every route that declares its access in its options (`config.access`), read from the app itself.
    const protectedRoutes = () =>
      [...ctx.app.routeAccess]
        .map(([key, access]) => {
          const [method, url] = key.split(' ') as [string, string];
          return { method, url, access };
        })
        .filter((route) => route.method !== 'HEAD');

    // Wrong in every way at once: a param that is no id, a query no schema accepts, a body of the wrong shape.
    const malformed = (method: string, url: string): InjectOptions => ({
      method: method as InjectOptions['method'],
      url: `${url.replaceAll(/:\w+/g, 'not-an-id')}?page=-1&limit=many&email=nobody`,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { title: 7, name: [], planId: {}, reason: 9 } }),
    });

    it('covers every route the API documents as needing a token, and every route declares a known access', () => {
      const documented = Object.entries(ctx.app.swagger().paths ?? {}).flatMap(([path, operations]) =>
        Object.entries(operations as Record<string, { security?: unknown[] }>)
          .filter(([, operation]) => operation.security?.length)
          .map(([method]) => `${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`),
      );
      const declared = protectedRoutes().map(({ method, url }) => `${method} ${url}`);
      expect(documented.length).toBeGreaterThan(20);
      expect(declared.sort()).toEqual(documented.sort());
      for (const { access } of protectedRoutes())
        expect([
          'signed-in',
          'reader',
          'reader-or-visitor',
          'premium',
          'premium-list',
          'admin',
          'self-or-admin',
        ]).toContain(access);
    });

    it('answers 401 to an anonymous caller with a malformed request on every protected route', async () => {
      const answers = await Promise.all(
        protectedRoutes().map(async ({ method, url }) => {
          const response = await ctx.app.inject(malformed(method, url));
          return `${method} ${url} ${response.statusCode} ${response.json<{ code: string }>().code}`;
        }),
      );
      expect(answers).toEqual(
        protectedRoutes().map(({ method, url }) => `${method} ${url} 401 ${ERROR_CODES.unauthorized}`),
      );
    });

    it('answers 403 to a plain reader with a malformed request on every admin and premium route', async () => {
      const restricted = protectedRoutes().filter(({ access }) =>
        ['admin', 'premium', 'premium-list'].includes(access),
      );
      expect(restricted.length).toBeGreaterThanOrEqual(10);
      const answers = await Promise.all(
        restricted.map(async ({ method, url }) => {
          const response = await ctx.app.inject({ ...malformed(method, url), headers: bearer(tokens.user!) });
          return `${method} ${url} ${response.statusCode}`;
        }),
      );
      expect(answers).toEqual(restricted.map(({ method, url }) => `${method} ${url} 403`));
    });

    it("answers 403 to a reader with a malformed request about someone else's account", async () => {
      const aboutOthers = protectedRoutes().filter(({ access }) => access === 'self-or-admin');
      expect(aboutOthers.length).toBeGreaterThanOrEqual(4);
      const answers = await Promise.all(
        aboutOthers.map(async ({ method, url }) => {
          const request = malformed(method, url.replace(':email', 'someone-else@example.com'));
          const response = await ctx.app.inject({ ...request, headers: bearer(tokens.user!) });
          return `${method} ${url} ${response.statusCode}`;
        }),
      );
      expect(answers).toEqual(aboutOthers.map(({ method, url }) => `${method} ${url} 403`));
    });

    it('still validates for a caller who may call the route', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/dashboard/publishers',
        headers: bearer(tokens.admin!),
        payload: { name: [] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: ERROR_CODES.validationFailed });
    });
  });
});
