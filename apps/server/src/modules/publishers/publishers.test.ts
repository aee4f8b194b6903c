import { ARTICLE_MESSAGES, type ErrorResponse, type Publisher } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher, makeImage } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('GET /api/publishers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('lists every publisher by name with the API field names', async () => {
    await insertPublisher(ctx.database.db, { name: 'Zeta Times', logo: '/api/uploads/z.webp' });
    await insertPublisher(ctx.database.db, { name: 'Alpha Post', logo: '/api/uploads/a.webp' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/publishers' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Publisher[]>();
    expect(body.map((publisher) => publisher.name)).toEqual(['Alpha Post', 'Zeta Times']);
    expect(Object.keys(body[0]!).sort()).toEqual(['_id', 'createdAt', 'logo', 'name', 'slug']);
    expect(body[0]!.logo).toBe('/api/uploads/a.webp');
    expect(body[0]!.slug).toBe('alpha-post');
  });

  it('refuses the same name in another letter case', async () => {
    await expect(insertPublisher(ctx.database.db, { name: 'ALPHA POST' })).rejects.toThrow();
  });
});

describe('publisher slugs', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  const add = async (name: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/publishers',
      headers: bearer(admin.token),
      payload: { name, logo: await makeImage(ctx.images) },
    });
  const bySlug = (slug: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/publishers/${encodeURIComponent(slug)}` });

  it('a new publisher gets a slug from its name, and is found by it', async () => {
    const response = await add('Le Café, Paris');
    expect(response.statusCode).toBe(201);
    const { publisher } = response.json<{ publisher: Publisher }>();
    expect(publisher.slug).toBe('le-cafe-paris');
    const found = await bySlug('le-cafe-paris');
    expect(found.statusCode).toBe(200);
    expect(found.json<Publisher>()).toEqual(publisher);
  });

  it('numbers a later name that gives the same slug; a taken name is still a 409', async () => {
    expect((await add('Harbour Post')).json<{ publisher: Publisher }>().publisher.slug).toBe('harbour-post');
    expect((await add('Harbour-Post')).json<{ publisher: Publisher }>().publisher.slug).toBe('harbour-post-2');
    expect((await add('Harbour.Post!')).json<{ publisher: Publisher }>().publisher.slug).toBe('harbour-post-3');
    const taken = await add('HARBOUR POST');
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.publisherTaken);
    expect((await bySlug('harbour-post-2')).json<Publisher>().name).toBe('Harbour-Post');
  });

  it('keeps letters of other scripts, which the URL carries percent-encoded', async () => {
    expect((await add('東京 新聞')).json<{ publisher: Publisher }>().publisher.slug).toBe('東京-新聞');
    expect((await bySlug('東京-新聞')).statusCode).toBe(200);
  });

  it('answers 404 for a slug no publisher has, in any letter case', async () => {
    for (const slug of ['no-such-paper', 'LE-CAFE-PARIS']) {
      const response = await bySlug(slug);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.publisherNotFound);
    }
  });
});
