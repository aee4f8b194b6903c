import { API_MESSAGES, ERROR_CODES, TEXT, type ErrorResponse } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { verifyPassword } from './password.js';

const NEW_PASSWORD = 'Fresh#Start9';

describe('changing your password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const change = (token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload });
  const session = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
  const storedHash = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash!;

  /** A reader signed in on three devices. */
  async function readerOnThreeDevices() {
    const { user, token } = await signedInUser(ctx.app, ctx.database.db);
    const others = [];
    for (let device = 0; device < 2; device += 1) others.push((await login(user.email, PASSWORD)).json().token);
    return { user, token, others: others as string[] };
  }

  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const { user, token, others } = await readerOnThreeDevices();

    const response = await change(token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ endedSessions: 2 });
    expect((await session(token)).statusCode).toBe(200);
    for (const other of others) {
      const answer = await session(other);
      expect(answer.statusCode).toBe(401);
      expect(answer.json<ErrorResponse>().message).toBe(API_MESSAGES.sessionExpired);
    }
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { user, token, others } = await readerOnThreeDevices();
    const hashBefore = await storedHash(user.id);

    const response = await change(token, { currentPassword: 'Not-the-one1', newPassword: NEW_PASSWORD });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>()).toMatchObject({
      code: ERROR_CODES.validationFailed,
      message: API_MESSAGES.currentPasswordWrong,
      fieldErrors: { currentPassword: [API_MESSAGES.currentPasswordWrong] },
    });
    expect(await storedHash(user.id)).toBe(hashBefore);
    for (const other of others) expect((await session(other)).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('holds the new password to the registration rule', async () => {
    const { user, token } = await signedInUser(ctx.app, ctx.database.db);

    const response = await change(token, { currentPassword: PASSWORD, newPassword: 'weakling' });

    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json<ErrorResponse>();
    expect(Object.keys(fieldErrors ?? {})).toEqual(['newPassword']);
    expect(fieldErrors!.newPassword).toContain(TEXT.validation.passwordComplexity);
    expect(await verifyPassword(await storedHash(user.id), PASSWORD)).toBe(true);
  });

  it('asks for the current password', async () => {
    const { token } = await signedInUser(ctx.app, ctx.database.db);

    const response = await change(token, { newPassword: NEW_PASSWORD });

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().fieldErrors).toEqual({
      currentPassword: [TEXT.validation.currentPasswordRequired],
    });
  });

  it('answers 409 to an account that signs in only with Google', async () => {
    const { user, token } = await signedInUser(ctx.app, ctx.database.db);
    await ctx.database.db
      .update(users)
      .set({ passwordHash: null, googleSubject: `google-${user.id}` })
      .where(eq(users.id, user.id));

    const response = await change(token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });

    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorResponse>().message).toBe(API_MESSAGES.noPasswordToChange);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('asks an anonymous caller to log in before reading the body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/password', payload: { nonsense: true } });

    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().message).toBe(API_MESSAGES.loginRequired);
  });
});
