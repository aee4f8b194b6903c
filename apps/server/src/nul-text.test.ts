import { ERROR_CODES, TEXT, type ErrorResponse } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, publishers, users } from './db/schema.js';
import { insertArticle, insertPublisher, makeImage } from './test/fixtures.js';
import { bearer, multipart, PASSWORD, pngBytes, signedInUser } from './test/http.js';
import { createTestContext, type TestContext } from './test/test-app.js';

const NUL = '\u0000';

/** PostgreSQL cannot store NUL in text: each of these answered 500 before the shared text rule refused it. */
describe('a NUL in a text of a request', () => {
  let ctx: TestContext;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let publisherName: string;
  let pendingId: string;
  let image: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    reader = await signedInUser(ctx.app, db, { name: 'Reader Unchanged' });
    admin = await signedInUser(ctx.app, db, { role: 'admin' });
    publisherName = (await insertPublisher(db, { name: 'Nul Post' })).name;
    const publisherId = (await insertPublisher(db)).id;
    pendingId = (await insertArticle(db, { publisherId, authorId: reader.user.id }, { status: 'pending' })).id;
    image = await makeImage(ctx.images);
  });
  afterAll(() => ctx.close());

  const email = () => encodeURIComponent(reader.user.email);
  const validArticle = () => ({ title: 'T', image, publisher: publisherName, tags: ['Politics'], description: 'D' });
  const asReader = () => bearer(reader.token);
  const asAdmin = () => bearer(admin.token);

  const cases: { name: string; field: string; request: () => Promise<InjectOptions> }[] = [
    {
      name: 'the search of approved articles',
      field: 'search',
      request: async () => ({ method: 'GET', url: '/api/articles/approved?search=%00' }),
    },
    {
      name: 'the publisher filter of approved articles',
      field: 'publisher',
      request: async () => ({ method: 'GET', url: '/api/articles/approved?publisher=a%00' }),
    },
    {
      name: 'the name of a registration',
      field: 'name',
      request: async () => ({
        method: 'POST',
        url: '/api/auth/register',
        ...(await multipart(
          { name: `Nul${NUL}Name`, email: 'nul-register@example.com', password: PASSWORD },
          { image: { bytes: await pngBytes(), name: 'me.png' } },
        )),
      }),
    },
    ...(['title', 'description', 'publisher'] as const).map((field) => ({
      name: `the ${field} of a new article`,
      field,
      request: async (): Promise<InjectOptions> => ({
        method: 'POST',
        url: '/api/articles',
        headers: asReader(),
        payload: { ...validArticle(), [field]: `x${NUL}` },
      }),
    })),
    {
      name: 'the reason of a decline',
      field: 'reason',
      request: async () => ({
        method: 'PATCH',
        url: `/api/articles/decline/${pendingId}`,
        headers: asAdmin(),
        payload: { reason: `Thin${NUL}` },
      }),
    },
    {
      name: 'the name of a new publisher',
      field: 'name',
      request: async () => ({
        method: 'POST',
        url: '/api/dashboard/publishers',
        headers: asAdmin(),
        payload: { name: `Nul${NUL}Times`, logo: image },
      }),
    },
    {
      name: 'the name of a profile',
      field: 'name',
      request: async () => ({
        method: 'PATCH',
        url: `/api/users/${email()}`,
        headers: asReader(),
        payload: { name: `Nul${NUL}`, profile_pic: image },
      }),
    },
    ...['/api/user/', '/api/articles/user/'].map((path) => ({
      name: `the e-mail in the path of ${path}`,
      field: 'email',
      request: async (): Promise<InjectOptions> => ({ method: 'GET', url: `${path}${email()}%00`, headers: asAdmin() }),
    })),
    {
      name: 'the e-mail in the path of a premium grant',
      field: 'email',
      request: async () => ({
        method: 'PATCH',
        url: `/api/users/premium/${email()}%00`,
        headers: asAdmin(),
        payload: { premiumTaken: new Date(Date.now() + 86_400_000).toISOString() },
      }),
    },
    {
      name: 'the e-mail in the query of a role look-up',
      field: 'email',
      request: async () => ({ method: 'GET', url: `/api/users/role?email=${email()}%00`, headers: asAdmin() }),
    },
    {
      name: 'the client secret of a payment confirmation',
      field: 'clientSecret',
      request: async () => ({
        method: 'POST',
        url: '/api/payments/confirm',
        headers: asReader(),
        payload: { clientSecret: `pi_${NUL}`, card: { number: '4242424242424242', expiry: '12/40', cvc: '123' } },
      }),
    },
    {
      name: 'the client secret of a payment status',
      field: 'clientSecret',
      request: async () => ({ method: 'GET', url: '/api/payments/status?clientSecret=pi_%00', headers: asReader() }),
    },
  ];

  it.each(cases)('in $name is a 400 that names the character', async ({ field, request }) => {
    const response = await ctx.app.inject(await request());
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(body.code).toBe(ERROR_CODES.validationFailed);
    expect(body.fieldErrors?.[field]).toContain(TEXT.validation.noNul);
  });

  it('changes nothing: no account, article or publisher is written and the profile and the decline are untouched', async () => {
    const db = ctx.database.db;
    for (const one of cases) await ctx.app.inject(await one.request());
    expect(await db.select().from(users).where(eq(users.email, 'nul-register@example.com'))).toEqual([]);
    expect(await db.$count(articles)).toBe(1);
    expect(await db.$count(publishers)).toBe(2);
    const [row] = await db.select().from(users).where(eq(users.id, reader.user.id));
    expect(row!.name).toBe('Reader Unchanged');
    const [article] = await db.select().from(articles).where(eq(articles.id, pendingId));
    expect(article).toMatchObject({ status: 'pending', declineReason: null });
  });
});
