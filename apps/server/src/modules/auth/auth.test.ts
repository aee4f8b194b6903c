import { ABUSE_LIMITS, API_MESSAGES, TEXT, type ErrorResponse, type LoginResponse, type User } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { readdirSync, rmSync } from 'node:fs';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { bearer, multipart, PASSWORD, pngBytes, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const V = TEXT.validation;
const GOOD = { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'Engine#1843' };

describe('accounts', () => {
  let ctx: TestContext;
  let png: Buffer;
  beforeAll(async () => {
    ctx = await createTestContext();
    png = await pngBytes();
  });
  afterAll(() => ctx.close());

  const uploadedFiles = () => {
    try {
      return readdirSync(ctx.images.dir);
    } catch {
      return [];
    }
  };

  let registrations = 0;
  // Each registration from its own address, so the hourly limit per address stays out of the way.
  async function register(
    fields: Record<string, string>,
    image: Buffer | null = png,
    address = `10.0.${(registrations += 1)}.1`,
  ) {
    const body = await multipart(fields, image ? { image: { bytes: image, name: 'me.png' } } : {});
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...body,
      remoteAddress: address,
    });
  }
  const login = (email: string, password: string, address = '10.1.0.1', cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
      ...(cookie && { headers: { cookie } }),
    });
  const deviceCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = response.cookies.find(({ name }) => name === 'dispatch_device');
    if (!cookie) throw new Error('no device cookie');
    return `dispatch_device=${cookie.value}`;
  };

  describe('registration', () => {
    beforeEach(async () => {
      await ctx.database.db.delete(users);
      rmSync(ctx.images.dir, { recursive: true, force: true });
    });

    it('limits registrations to 10 an hour from one address by default', async () => {
      expect(ctx.config.limits.registrationsPerHour).toBe(10);
      const statuses = [];
      for (let i = 0; i < 11; i += 1)
        statuses.push((await register({ ...GOOD, name: '' }, null, '10.200.0.1')).statusCode);
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect((await register(GOOD, png, '10.200.0.1')).statusCode).toBe(429);
      expect(await ctx.database.db.select().from(users)).toHaveLength(0);
    });

    it('lets an 11th registration from one address through when LIMIT_REGISTRATIONS_PER_HOUR is raised', async () => {
      const school = await createTestContext({ env: { LIMIT_REGISTRATIONS_PER_HOUR: '40' } });
      try {
        const registerAtSchool = async (fields: Record<string, string>, image: Buffer | null) =>
          school.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            ...(await multipart(fields, image ? { image: { bytes: image, name: 'me.png' } } : {})),
            remoteAddress: '10.201.0.1',
          });
        for (let i = 0; i < 10; i += 1)
          expect((await registerAtSchool({ ...GOOD, name: '' }, null)).statusCode).toBe(400);
        const eleventh = await registerAtSchool(GOOD, png);
        expect(eleventh.statusCode).toBe(201);
        const rows = await school.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
        expect(rows).toHaveLength(1);
      } finally {
        await school.close();
      }
    });

    it('counts the addresses of one IPv6 /64 as one', async () => {
      for (let i = 0; i < 10; i += 1)
        expect((await register({ ...GOOD, name: '' }, null, `2001:db8:5:6::${i + 1}`)).statusCode).toBe(400);
      expect((await register({ ...GOOD, name: '' }, null, '2001:db8:5:6:ffff::1')).statusCode).toBe(429);
      expect((await register({ ...GOOD, name: '' }, null, '2001:db8:5:7::1')).statusCode).toBe(400);
    });

    it('creates a user with a normalised e-mail, an argon2id hash, our image and role user; no session', async () => {
      const response = await register(GOOD);
      expect(response.statusCode).toBe(201);
      const { user } = response.json<{ user: User }>();
      expect(user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', premiumTaken: null });
      expect(user.last_login_at).toBeTruthy();
      expect(await ctx.images.owns(user.profile_pic)).toBe(true);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(response.body).not.toContain('argon2');
      expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);
    });

    it.each([
      [{ ...GOOD, name: '  ' }, 'name', V.nameRequired],
      [{ email: GOOD.email, password: GOOD.password }, 'name', V.nameRequired],
      [{ ...GOOD, email: '' }, 'email', V.emailRequired],
      [{ ...GOOD, email: 'not-an-email' }, 'email', V.emailInvalid],
      [{ ...GOOD, password: '' }, 'password', V.passwordRequired],
      [{ ...GOOD, password: 'Ab#1' }, 'password', V.passwordMin],
      [{ ...GOOD, password: 'engine#1843' }, 'password', V.passwordComplexity],
      [{ ...GOOD, password: 'Engine#abcd' }, 'password', V.passwordComplexity],
      [{ ...GOOD, password: 'Engine11843' }, 'password', V.passwordComplexity],
    ])('refuses %o: %s gets "%s" and nothing is created', async (fields, field, message) => {
      const response = await register(fields as Record<string, string>);
      expect(response.statusCode).toBe(400);
      const body = response.json<ErrorResponse>();
      expect(body.fieldErrors?.[field]).toContain(message);
      expect(await ctx.database.db.select().from(users)).toHaveLength(0);
      expect(uploadedFiles()).toEqual([]);
    });

    it('requires the image', async () => {
      const response = await register(GOOD, null);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>()).toMatchObject({
        message: V.imageRequired,
        fieldErrors: { image: [V.imageRequired] },
      });
    });

    it('refuses a file that is not an image, and an oversized one, leaving nothing', async () => {
      const fake = await register(GOOD, Buffer.from('GIF89a is what I claim but I am text'.repeat(3)));
      expect(fake.statusCode).toBe(415);
      const script = await register(GOOD, Buffer.from('<svg onload="alert(1)" xmlns="http://www.w3.org/2000/svg"/>'));
      expect(script.statusCode).toBe(415);
      const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
      const oversized = await register(GOOD, big);
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json<ErrorResponse>().message).toBe(API_MESSAGES.imageTooLarge);
      expect(await ctx.database.db.select().from(users)).toHaveLength(0);
      expect(uploadedFiles()).toEqual([]);
    });

    it('refuses a duplicate e-mail in any letter case with a 409, keeping the first account', async () => {
      expect((await register(GOOD)).statusCode).toBe(201);
      const files = uploadedFiles();
      const other = await pngBytes(41, 30, '#aa0000');
      const duplicate = await register({ ...GOOD, email: 'ADA@example.COM', name: 'Impostor' }, other);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json<ErrorResponse>().message).toBe(API_MESSAGES.emailTaken);
      expect(await ctx.database.db.select().from(users)).toHaveLength(1);
      expect(uploadedFiles()).toEqual(files);
    });

    it('ignores a role or premium sent by the client', async () => {
      const response = await register({ ...GOOD, role: 'admin', premiumTaken: '2999-01-01T00:00:00Z' });
      expect(response.json<{ user: User }>().user).toMatchObject({ role: 'user', premiumTaken: null });
    });

    it('answers a JSON body with 415', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: GOOD });
      expect(response.statusCode).toBe(415);
    });
  });

  describe('login, session and logout', () => {
    it('logs in with the right password in any e-mail case and restores the session', async () => {
      const { user } = await signedInUser(ctx.app, ctx.database.db, { email: 'grace@example.com' });
      const response = await login('GRACE@example.com', PASSWORD);
      expect(response.statusCode).toBe(200);
      const body = response.json<LoginResponse>();
      expect(body.user.email).toBe('grace@example.com');
      const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(body.token) });
      expect(session.statusCode).toBe(200);
      expect(session.json<{ user: User }>().user._id).toBe(user.id);
    });

    it('answers a wrong password and an unknown account alike', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'linus@example.com' });
      const wrong = await login('linus@example.com', 'Wrong#123');
      const unknown = await login('nobody@example.com', 'Wrong#123');
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json<ErrorResponse>().message).toBe(API_MESSAGES.invalidCredentials);
      }
    });

    it('blocks an account at an address after 5 failures, and successes do not count', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'target@example.com' });
      for (let i = 0; i < 6; i += 1)
        expect((await login('target@example.com', PASSWORD, '10.2.0.1')).statusCode).toBe(200);
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerAccountAtAddress.max; i += 1) {
        expect((await login('target@example.com', 'Wrong#123', '10.3.0.1')).statusCode).toBe(401);
      }
      const blocked = await login('target@example.com', PASSWORD, '10.3.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<ErrorResponse>().message).toBe(API_MESSAGES.tooManyLoginAttempts(15));
      // The guesser cannot lock the owner out from elsewhere, even by going on while blocked.
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerAccount.max; i += 1)
        await login('target@example.com', 'Wrong#123', '10.3.0.1');
      expect((await login('target@example.com', PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    });

    it('counts guesses sent in parallel: only 5 are checked', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'rushed@example.com' });
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () => login('rushed@example.com', 'Wrong#123', '10.8.0.1')),
      ).then((responses) => responses.map((response) => response.statusCode));
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        ABUSE_LIMITS.loginFailuresPerAccountAtAddress.max,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        12 - ABUSE_LIMITS.loginFailuresPerAccountAtAddress.max,
      );
    });

    it('blocks an account everywhere after 50 failures spread over addresses', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'spread@example.com' });
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerAccount.max; i += 1) {
        expect((await login('spread@example.com', 'Wrong#123', `10.5.${i}.1`)).statusCode).toBe(401);
      }
      expect((await login('spread@example.com', PASSWORD, '10.6.0.1')).statusCode).toBe(429);
    });

    it('lets the owner in from a device they signed in from before while strangers have used up the account', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'owner@example.com' });
      const atHome = await login('owner@example.com', PASSWORD, '10.10.0.1');
      expect(atHome.statusCode).toBe(200);
      const device = deviceCookieOf(atHome);
      // 10 addresses × 5 guesses: the 50 failures the account takes from anywhere.
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerAccount.max; i += 1) {
        await login('owner@example.com', 'Wrong#123', `10.11.${Math.floor(i / 5)}.1`);
      }
      const stranger = await login('owner@example.com', PASSWORD, '10.12.0.1');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json<ErrorResponse>().message).toBe(API_MESSAGES.tooManyLoginAttempts(15));

      const owner = await login('owner@example.com', PASSWORD, '10.12.0.2', device);
      expect(owner.statusCode).toBe(200);
      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: bearer(owner.json<LoginResponse>().token),
      });
      expect(session.json<{ user: User }>().user.email).toBe('owner@example.com');
    });

    it('sets the device cookie HttpOnly and SameSite=Lax, for the login only, Secure on an https site', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'cookie@example.com' });
      const header = String((await login('cookie@example.com', PASSWORD, '10.13.0.1')).headers['set-cookie']);
      expect(header).toMatch(
        /dispatch_device=[\w-]+\.\d+\.[\w-]+; Path=\/api\/auth\/login; HttpOnly; SameSite=Lax; Max-Age=\d+/,
      );
      expect(header).not.toMatch(/dispatch_device=[^,]*Secure/);
      expect((await login('cookie@example.com', 'Wrong#123', '10.13.0.1')).headers['set-cookie']).toBeUndefined();

      const site = await createTestContext({ env: { PUBLIC_URL: 'https://news.example.com' } });
      try {
        await signedInUser(site.app, site.database.db, { email: 'cookie@example.com' });
        const secure = await site.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'cookie@example.com', password: PASSWORD },
        });
        expect(String(secure.headers['set-cookie'])).toMatch(/dispatch_device=[^,]*; Secure/);
      } finally {
        await site.close();
      }
    });

    it('does not take a device cookie of another account, or a forged one, as a known device', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'victim@example.com' });
      await signedInUser(ctx.app, ctx.database.db, { email: 'attacker@example.com' });
      const attackersDevice = deviceCookieOf(await login('attacker@example.com', PASSWORD, '10.14.0.1'));
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerAccount.max; i += 1) {
        await login('victim@example.com', 'Wrong#123', `10.15.${Math.floor(i / 5)}.1`);
      }
      const [id, expires] = attackersDevice.split('=')[1]!.split('.');
      const forged = `dispatch_device=${id}.${expires}.${'A'.repeat(43)}`;
      for (const cookie of [attackersDevice, forged, 'dispatch_device=nonsense']) {
        const refused = await login('victim@example.com', PASSWORD, '10.16.0.1', cookie);
        expect(refused.statusCode).toBe(429);
        expect(refused.json<ErrorResponse>().message).toBe(API_MESSAGES.tooManyLoginAttempts(15));
      }
    });

    it('holds a known device to its own limit, and still to the per-address ones', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'careful@example.com' });
      const device = deviceCookieOf(await login('careful@example.com', PASSWORD, '10.17.0.1'));
      // From a new address each time: only the device's own limit can stop these.
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerDevice.max; i += 1) {
        expect((await login('careful@example.com', 'Wrong#123', `10.18.${i}.1`, device)).statusCode).toBe(401);
      }
      expect((await login('careful@example.com', PASSWORD, '10.19.0.1', device)).statusCode).toBe(429);
      // The device's failures did not fill the account-wide count: without the cookie, the owner is in.
      expect((await login('careful@example.com', PASSWORD, '10.19.0.2')).statusCode).toBe(200);

      const fresh = deviceCookieOf(await login('careful@example.com', PASSWORD, '10.20.0.1'));
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerAccountAtAddress.max; i += 1) {
        await login('careful@example.com', 'Wrong#123', '10.20.0.9');
      }
      expect((await login('careful@example.com', PASSWORD, '10.20.0.9', fresh)).statusCode).toBe(429);
      expect((await login('careful@example.com', PASSWORD, '10.20.0.10', fresh)).statusCode).toBe(200);
    });

    it('forgets failures once their 15 minutes have passed', async () => {
      await signedInUser(ctx.app, ctx.database.db, { email: 'patient@example.com' });
      for (let i = 0; i < ABUSE_LIMITS.loginFailuresPerAccountAtAddress.max; i += 1) {
        await login('patient@example.com', 'Wrong#123', '10.21.0.1');
      }
      expect((await login('patient@example.com', PASSWORD, '10.21.0.1')).statusCode).toBe(429);
      ctx.clock.advance(ABUSE_LIMITS.loginFailuresPerAccountAtAddress.windowMs);
      expect((await login('patient@example.com', PASSWORD, '10.21.0.1')).statusCode).toBe(200);
    });

    it('blocks an address after 30 failures across accounts', async () => {
      for (let i = 0; i < 30; i += 1) await login(`guess${i}@example.com`, 'Wrong#123', '10.9.9.9');
      await signedInUser(ctx.app, ctx.database.db, { email: 'innocent@example.com' });
      expect((await login('innocent@example.com', PASSWORD, '10.9.9.9')).statusCode).toBe(429);
      expect((await login('innocent@example.com', PASSWORD, '10.9.9.10')).statusCode).toBe(200);
    });

    it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
      // A different account each time: only the per-address limit can block these.
      let attempt = 0;
      const failFrom = (app: TestContext['app'], remoteAddress: string, forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `proxy.guess${(attempt += 1)}@example.com`, password: 'Wrong#123' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 30; i += 1)
        expect((await failFrom(ctx.app, '10.7.7.7', `192.0.2.${i}`)).statusCode).toBe(401);
      expect((await failFrom(ctx.app, '10.7.7.7', '192.0.2.200')).statusCode).toBe(429);

      const behindProxy = await createTestContext({ env: { TRUST_PROXY: '10.7.7.0/24' } });
      try {
        for (let i = 0; i < 30; i += 1) await failFrom(behindProxy.app, `10.7.7.${(i % 5) + 1}`, '198.51.100.4');
        // The reader the proxy names is blocked; a client outside naming that reader is not believed.
        expect((await failFrom(behindProxy.app, '10.7.7.9', '198.51.100.4')).statusCode).toBe(429);
        expect((await failFrom(behindProxy.app, '10.7.7.9', '198.51.100.5')).statusCode).toBe(401);
        expect((await failFrom(behindProxy.app, '203.0.113.1', '198.51.100.4')).statusCode).toBe(401);
      } finally {
        await behindProxy.close();
      }
    });

    it('validates the login body', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().code).toBe('VALIDATION_FAILED');
    });

    it('revokes the token at logout, at once', async () => {
      const { token } = await signedInUser(ctx.app, ctx.database.db);
      const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(204);
      const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
      expect(after.json<ErrorResponse>().message).toBe(API_MESSAGES.sessionExpired);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    });

    it('rejects tampered, foreign and expired tokens', async () => {
      const { token } = await signedInUser(ctx.app, ctx.database.db);
      const [header, payload, signature] = token.split('.');
      const forged = Buffer.from(JSON.stringify({ sid: '00000000-0000-0000-0000-000000000000' })).toString('base64url');
      const foreign = await new SignJWT({ sid: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another secret of at least thirty-two chars'));
      for (const bad of [
        `${header}.${forged}.${signature}`,
        `${header}.${payload}.${signature}x`,
        foreign,
        'garbage',
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(bad) });
        expect(response.statusCode).toBe(401);
      }
      ctx.clock.advance(8 * 24 * 60 * 60 * 1000);
      const expired = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
      expect(expired.statusCode).toBe(401);
      ctx.clock.set(new Date());
    });

    it('slides the session: a week of daily use keeps it alive', async () => {
      const { token } = await signedInUser(ctx.app, ctx.database.db);
      const start = ctx.clock.now;
      for (let day = 1; day <= 10; day += 1) {
        ctx.clock.set(new Date(start.getTime() + day * 24 * 60 * 60 * 1000));
        const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
        expect(response.statusCode).toBe(200);
      }
      ctx.clock.set(new Date());
    });

    it('applies a role change on the next request', async () => {
      const { user, token } = await signedInUser(ctx.app, ctx.database.db);
      await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users/role', headers: bearer(token) });
      expect(response.json()).toMatchObject({ role: 'admin' });
    });
  });
});
