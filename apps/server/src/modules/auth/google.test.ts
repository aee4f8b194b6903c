import { API_MESSAGES, LIMITS, type User } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { insertUser } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { CLIENT, signInAtProvider, startOidcProvider } from '../../test/oidc-provider.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

const IDENTITIES = {
  newbie: { sub: 'google-newbie', email: 'Newbie@Gmail.com', email_verified: true, name: 'New Bie' },
  linker: { sub: 'google-linker', email: 'existing@example.com', email_verified: true, name: 'Linker' },
  unverified: { sub: 'google-unverified', email: 'guarded@example.com', email_verified: false, name: 'Sly' },
  stranger: { sub: 'google-stranger', email: 'stranger@example.com', email_verified: false, name: 'Stranger' },
  longName: { sub: 'google-long', email: 'long.name@example.com', email_verified: true, name: 'N'.repeat(300) },
  controlName: {
    sub: 'google-control',
    email: 'control.name@example.com',
    email_verified: true,
    name: 'Pat\r\nBcc: all@example.com\u202E',
  },
  onlyControls: {
    sub: 'google-only-controls',
    email: 'only.controls@example.com',
    email_verified: true,
    name: '\r\n\t',
  },
};

describe('Google sign-in through OpenID Connect, against a local provider', () => {
  let ctx: TestContext;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    provider = await startOidcProvider(CALLBACK, IDENTITIES);
    ctx = await createTestContext({
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: CLIENT.id,
        GOOGLE_CLIENT_SECRET: CLIENT.secret,
        OIDC_ISSUER_URL: provider.issuer,
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  /** The whole popup journey; answers what the popup page hands to the opener. */
  async function signIn(login: string, options: { dropCookie?: boolean } = {}) {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const location = String(start.headers.location);
    expect(location.startsWith(provider.issuer)).toBe(true);
    const authorization = new URL(location);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const callback = await signInAtProvider(location, login, CALLBACK);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: options.dropCookie ? {} : { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const data = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(page.body)?.[1];
    expect(data('origin')).toBe(PUBLIC_URL);
    expect(page.body).toContain('<script src="/api/auth/google/popup.js"></script>');
    return { token: data('token'), error: data('error')?.replace(/&#39;/g, "'"), callback };
  }

  it('creates an account on first sign-in, with last_log_in, and the token works', async () => {
    const { token, callback } = await signIn('newbie');
    expect(token).toBeTruthy();
    expect(callback.toString()).not.toContain(token!);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token!) });
    const { user } = session.json<{ user: User }>();
    expect(user).toMatchObject({ email: 'newbie@gmail.com', name: 'New Bie', role: 'user' });
    expect(user.last_log_in).toBeTruthy();
    expect(await ctx.images.owns(user.profile_pic)).toBe(true);
  });

  it('signs the same Google account into the same user the second time', async () => {
    await signIn('newbie');
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, 'newbie@gmail.com'));
    expect(rows).toHaveLength(1);
  });

  it("links a verified Google e-mail to the existing account, ending the password and the account's sessions", async () => {
    // Registration never proves the address: whoever set this password may not own the e-mail.
    const existing = await signedInUser(ctx.app, ctx.database.db, { email: 'existing@example.com', role: 'admin' });
    const { token } = await signIn('linker');
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token!) });
    expect(session.json<{ user: User }>().user).toMatchObject({ _id: existing.user.id, role: 'admin' });

    const earlier = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(existing.token) });
    expect(earlier.statusCode).toBe(401);
    const byPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'existing@example.com', password: PASSWORD },
    });
    expect(byPassword.statusCode).toBe(401);
  });

  it('creates no account for an e-mail Google has not verified', async () => {
    const { token, error } = await signIn('stranger');
    expect(token).toBeUndefined();
    expect(error).toBe(API_MESSAGES.googleEmailUnverified);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'stranger@example.com'))).toEqual([]);
  });

  it("keeps a Google name to our names' length", async () => {
    const { token } = await signIn('longName');
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token!) });
    expect(session.json<{ user: User }>().user.name).toBe('N'.repeat(LIMITS.nameMaxLength));
  });

  it("cleans a Google name of line breaks and other control characters: the provider's name is not ours to refuse", async () => {
    const nameOf = async (login: string) => {
      const { token } = await signIn(login);
      const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token!) });
      return session.json<{ user: User }>().user.name;
    };
    expect(await nameOf('controlName')).toBe('Pat Bcc: all@example.com');
    // Nothing left: the address's local part, as for a provider that gives no name.
    expect(await nameOf('onlyControls')).toBe('only.controls');
  });

  it('does not link an unverified Google e-mail to an existing account', async () => {
    await insertUser(ctx.database.db, { email: 'guarded@example.com' });
    const { token, error } = await signIn('unverified');
    expect(token).toBeUndefined();
    expect(error).toBe(API_MESSAGES.googleEmailUnverified);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'guarded@example.com'));
    expect(row!.googleSubject).toBeNull();
  });

  it('refuses a callback from a browser that did not start the sign-in', async () => {
    const { token, error } = await signIn('newbie', { dropCookie: true });
    expect(token).toBeUndefined();
    expect(error).toBe(API_MESSAGES.googleFailed);
  });

  it('serves the popup script from our origin, allowed by the CSP', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/api/auth/google/popup.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('postMessage(message, result.origin)');
  });

  it('tells the web app that Google sign-in is on', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ googleSignIn: true });
  });
});

describe('Google sign-in when it is not configured', () => {
  it('says so in the popup', async () => {
    const ctx = await createTestContext();
    const page = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(page.body).toContain(API_MESSAGES.googleNotConfigured);
    expect(page.body).not.toContain('data-token');
    await ctx.close();
  });
});
