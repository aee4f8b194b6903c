import { API_MESSAGES, ERROR_CODES, type ErrorResponse } from '@dispatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { bearer, multipart, PASSWORD, pngBytes, signedInUser } from '../test/http.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

/** Each of these answered 500 ("Boundary not found", "Unexpected end of multipart data") before. */
describe('a multipart form that cannot be read', () => {
  let ctx: TestContext;
  let token: string;
  let wellFormed: { payload: Buffer; headers: { 'content-type': string } };

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await signedInUser(ctx.app, ctx.database.db)).token;
    wellFormed = await multipart(
      { name: 'Form Reader', email: 'form-reader@example.com', password: PASSWORD },
      { image: { bytes: await pngBytes(), name: 'me.png' } },
    );
  });
  afterAll(() => ctx.close());

  const boundary = () => /boundary=(.+)$/.exec(wellFormed.headers['content-type'])![1]!;
  const malformed: Record<string, () => { payload: Buffer | string; contentType: string }> = {
    'a content type without a boundary': () => ({ payload: wellFormed.payload, contentType: 'multipart/form-data' }),
    'an empty boundary': () => ({ payload: wellFormed.payload, contentType: 'multipart/form-data; boundary=' }),
    'a boundary the body does not use': () => ({
      payload: wellFormed.payload,
      contentType: 'multipart/form-data; boundary=not-the-one',
    }),
    'a truncated body': () => ({
      payload: wellFormed.payload.subarray(0, wellFormed.payload.length / 2),
      contentType: wellFormed.headers['content-type'],
    }),
    'a body that is not multipart at all': () => ({
      payload: 'garbage',
      contentType: `multipart/form-data; boundary=${boundary()}`,
    }),
  };

  for (const [route, headers] of [
    ['/api/auth/register', () => ({})],
    ['/api/uploads', () => bearer(token)],
  ] as const) {
    it.each(Object.keys(malformed))(`sent to ${route} with %s is a 400 that says so`, async (name) => {
      const { payload, contentType } = malformed[name]!();
      const response = await ctx.app.inject({
        method: 'POST',
        url: route,
        payload,
        headers: { ...headers(), 'content-type': contentType },
        // A new address each time, so the registration limit does not answer first.
        remoteAddress: `10.1.${Object.keys(malformed).indexOf(name)}.${route.length}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>()).toMatchObject({
        code: ERROR_CODES.validationFailed,
        message: API_MESSAGES.formUnreadable,
      });
    });
  }

  it('registers nobody, and the same form sent whole still registers', async () => {
    expect(await ctx.database.db.$count(users)).toBe(1);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...wellFormed });
    expect(response.statusCode).toBe(201);
    expect(await ctx.database.db.$count(users)).toBe(2);
  });
});
