import { API_MESSAGES, type ErrorResponse, type User } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../test/fixtures.js';
import { bearer, multipart, pngBytes, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Who = 'anonymous' | 'another user' | 'the user' | 'admin';

describe('role lookup, profile and uploads: who may call what', () => {
  let ctx: TestContext;
  let target: { email: string };
  const tokens: Partial<Record<Who, string>> = {};
  const premiumUntil = new Date(Date.now() + 60 * 60 * 1000);

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const owner = await signedInUser(ctx.app, db, { email: 'owner@example.com', premiumUntil: premiumUntil });
    target = owner.user;
    tokens['the user'] = owner.token;
    tokens['another user'] = (await signedInUser(ctx.app, db)).token;
    tokens.admin = (await signedInUser(ctx.app, db, { role: 'admin' })).token;
  });
  afterAll(() => ctx.close());

  const as = (who: Who) => (tokens[who] ? bearer(tokens[who]) : {});

  it.each<[Who, number]>([
    ['anonymous', 401],
    ['another user', 403],
    ['the user', 200],
    ['admin', 200],
  ])('GET /api/users/role?email= as %s answers %i', async (who, status) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/role?email=${encodeURIComponent('OWNER@example.com')}`,
      headers: as(who),
    });
    expect(response.statusCode).toBe(status);
    if (status === 200)
      expect(response.json()).toEqual({
        role: 'user',
        premiumTaken: premiumUntil.toISOString(),
        premiumArticles: null,
      });
  });

  it('GET /api/users/role without an e-mail answers for the caller', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/role', headers: as('admin') });
    expect(response.json()).toMatchObject({ role: 'admin', premiumTaken: null });
  });

  it.each<[Who, number]>([
    ['anonymous', 401],
    ['another user', 403],
    ['the user', 200],
    ['admin', 200],
  ])('GET /api/user/:email as %s answers %i', async (who, status) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/${target.email}`, headers: as(who) });
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.json<User>()).toMatchObject({ email: 'owner@example.com', role: 'user' });
      expect(response.body).not.toMatch(/password|argon/i);
    }
  });

  it('answers 404 for an admin asking about nobody', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/ghost@example.com', headers: as('admin') });
    expect(response.statusCode).toBe(404);
  });

  it.each<[Who, number]>([
    ['anonymous', 401],
    ['another user', 403],
    ['the user', 200],
    ['admin', 200],
  ])('PATCH /api/users/:email as %s answers %i', async (who, status) => {
    const photo = await makeImage(ctx.images, { r: 10, g: 20, b: who.length * 10 });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.email}`,
      headers: as(who),
      payload: { name: `Renamed by ${who}`, profile_pic: photo },
    });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json<User>()).toMatchObject({ name: `Renamed by ${who}`, profile_pic: photo });
  });

  it('changes only name and photo: e-mail, role and premium stay the server’s', async () => {
    const photo = await makeImage(ctx.images);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.email}`,
      headers: as('the user'),
      payload: {
        name: 'Owner',
        profile_pic: photo,
        email: 'new@example.com',
        role: 'admin',
        premiumTaken: '2999-01-01',
      },
    });
    expect(response.json<User>()).toMatchObject({
      email: 'owner@example.com',
      role: 'user',
      premiumTaken: premiumUntil.toISOString(),
    });
  });

  it('refuses a photo we did not issue, and an empty name', async () => {
    const foreign = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.email}`,
      headers: as('the user'),
      payload: { name: 'Owner', profile_pic: 'https://evil.example/me.png' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<ErrorResponse>().message).toBe(API_MESSAGES.imageNotOurs);
    const nameless = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.email}`,
      headers: as('the user'),
      payload: { name: ' ', profile_pic: await makeImage(ctx.images) },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json<ErrorResponse>().fieldErrors?.name).toContain('Name is required');
  });

  it.each<[Who, number]>([
    ['anonymous', 401],
    ['the user', 201],
  ])('POST /api/uploads as %s answers %i', async (who, status) => {
    const body = await multipart({}, { image: { bytes: await pngBytes(50, 40, '#123456'), name: 'x.png' } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      ...body,
      headers: { ...body.headers, ...as(who) },
    });
    expect(response.statusCode).toBe(status);
    if (status === 201) {
      const { url } = response.json<{ url: string }>();
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      // Loadable from other origins: a webmail's page showing the brief, a feed reader.
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('POST /api/uploads without a file says what is missing', async () => {
    const body = await multipart({ note: 'no file' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      ...body,
      headers: { ...body.headers, ...as('the user') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().message).toBe(API_MESSAGES.imageMissing);
  });
});
