import { TEXT, type ErrorResponse } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { makeImage } from '../../test/fixtures.js';
import { bearer, multipart, pngBytes, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/*
 * A display name goes into e-mails' subjects and other people's pages (a family's invitation names its owner):
 * line breaks, other control characters and direction overrides are refused wherever a person sets one. The
 * name from Google is cleaned instead (google.test.ts): the provider's account is not ours to refuse.
 */
const BAD_NAMES = [
  'Pat\r\nBcc: everyone@example.com',
  'Pat\nOwner',
  'Pat\tOwner',
  'Pat\u0007Owner',
  'Pat\u0085Owner',
  'Pat\u2028Owner',
  'Pat\u202ErenwO',
];

describe('display names refuse control characters wherever they are set', () => {
  let ctx: TestContext;
  let png: Buffer;
  beforeAll(async () => {
    ctx = await createTestContext();
    png = await pngBytes();
  });
  afterAll(() => ctx.close());

  const refused = (response: { statusCode: number; json: <T>() => T }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fieldErrors?.name).toEqual([TEXT.validation.nameControlCharacters]);
  };

  it('at registration: 400, and no account is made', async () => {
    for (const [index, name] of BAD_NAMES.entries()) {
      const email = `control${index}@example.com`;
      const body = await multipart({ name, email, password: 'Engine#1843' }, { image: { bytes: png, name: 'me.png' } });
      refused(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...body, remoteAddress: `10.9.${index}.1` }),
      );
      expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it('at a profile update, by the reader and by an admin: 400, the name unchanged', async () => {
    const reader = await signedInUser(ctx.app, ctx.database.db, { name: 'Pat Owner' });
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const photo = await makeImage(ctx.images, { r: 10, g: 20, b: 30 });
    for (const token of [reader.token, admin.token]) {
      for (const name of BAD_NAMES) {
        refused(
          await ctx.app.inject({
            method: 'PATCH',
            url: `/api/users/${reader.user.email}`,
            headers: bearer(token),
            payload: { name, profile_pic: photo },
          }),
        );
      }
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, reader.user.id));
    expect(row!.name).toBe('Pat Owner');
    // Names of every script still pass, with their joiners.
    const accepted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${reader.user.email}`,
      headers: bearer(reader.token),
      payload: { name: 'Zoë Ødegård-李 \u0645\u062D\u200C\u0645\u062F 👩‍👧', profile_pic: photo },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
