import { SignJWT, jwtVerify } from 'jose';
import * as oidc from 'openid-client';

/** What we keep between sending the reader to Google and their coming back: signed, in a cookie. */
interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string;
}

export interface GoogleSignIn {
  start(): Promise<{ url: string; pending: string }>;
  finish(callbackUrl: URL, pending: string | undefined): Promise<GoogleClaims>;
}

const PENDING_MAX_AGE = '10m';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function createGoogleSignIn(options: {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  secret: string;
}): GoogleSignIn {
  const key = new TextEncoder().encode(`google-sign-in:${options.secret}`);
  const issuer = new URL(options.issuerUrl);
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration() {
    discovered ??= oidc
      .discovery(issuer, options.clientId, options.clientSecret, undefined, {
        // Plain http is accepted only for a provider on this machine (the tests' local provider).
        execute: issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async start() {
      const config = await configuration();
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      const signed = await new SignJWT({ ...pending })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(PENDING_MAX_AGE)
        .sign(key);
      return { url: url.toString(), pending: signed };
    },

    async finish(callbackUrl, pendingToken) {
      if (!pendingToken) throw new Error('no sign-in is pending in this browser');
      const { payload } = await jwtVerify<PendingSignIn>(pendingToken, key, { algorithms: ['HS256'] });
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: payload.codeVerifier,
        expectedState: payload.state,
        expectedNonce: payload.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // Some providers put e-mail and name only in the userinfo answer.
      const claims: Record<string, unknown> =
        typeof idClaims.email === 'string'
          ? idClaims
          : { ...idClaims, ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)) };
      if (typeof claims.email !== 'string') throw new Error('the provider did not share an e-mail address');
      return {
        subject: idClaims.sub,
        email: claims.email.toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : '',
        picture: typeof claims.picture === 'string' ? claims.picture : undefined,
      };
    },
  };
}
