import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

// The session row decides how long a login lasts (sliding); this only bounds a stolen token's life.
const TOKEN_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
// Tokens whose signature was checked, by their exact text: a reader's next request skips the HMAC.
const VERIFIED_TOKENS_KEPT = 10_000;

type Claims = { sessionId: string; userId: string };
type PageClaims = Claims & { tokenTag: string };

export interface TokenSigner {
  sign(sessionId: string, userId: string): Promise<string>;
  /** The session and the user it was issued to, or undefined for a token we did not sign or that has expired. */
  verify(token: string): Promise<Claims | undefined>;
  /**
   * The page cookie's credential for a session: signed with a key of its own, so `verify`
   * (the API's Bearer check) refuses it, as `verifyPage` refuses an API token. `tokenTag` names the API
   * token the browser holds for the same session.
   */
  signPage(claims: PageClaims): Promise<string>;
  verifyPage(credential: string): Promise<PageClaims | undefined>;
}

const PAGE_AUDIENCE = 'page';

/**
 * Signs and checks the API's bearer tokens (HS256). A token that verified once is remembered, with its
 * expiry, by its whole text, so a changed character is a different token and is checked again. Only the
 * signature is remembered: whether its session is still live is asked on every request (resolveViewer).
 */
export function createTokenSigner(secret: string, now: () => Date = () => new Date()): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // Derived, not the same: a page credential is no API token under any check that forgets the audience.
  const pageKey = createHmac('sha256', secret).update('dispatch page cookie').digest();
  const verified = new LRUCache<string, Claims & { expiresAtMs: number }>({ max: VERIFIED_TOKENS_KEPT });
  const verifiedPages = new LRUCache<string, PageClaims & { expiresAtMs: number }>({ max: VERIFIED_TOKENS_KEPT });
  return {
    sign(sessionId, userId) {
      const issuedAt = now();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(new Date(issuedAt.getTime() + TOKEN_MAX_AGE_MS))
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > now().getTime()) return { sessionId: known.sessionId, userId: known.userId };
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const { sid, sub, exp } = payload;
        if (typeof sid !== 'string' || typeof sub !== 'string' || typeof exp !== 'number') return undefined;
        verified.set(token, { sessionId: sid, userId: sub, expiresAtMs: exp * 1000 });
        return { sessionId: sid, userId: sub };
      } catch {
        return undefined;
      }
    },
    signPage({ sessionId, userId, tokenTag }) {
      const issuedAt = now();
      return new SignJWT({ sid: sessionId, tag: tokenTag })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setAudience(PAGE_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(new Date(issuedAt.getTime() + TOKEN_MAX_AGE_MS))
        .sign(pageKey);
    },
    async verifyPage(credential) {
      // Remembered as API tokens are: a signed-in reader's page from the cache costs no HMAC.
      const known = verifiedPages.get(credential);
      if (known) {
        const { sessionId, userId, tokenTag, expiresAtMs } = known;
        if (expiresAtMs > now().getTime()) return { sessionId, userId, tokenTag };
        verifiedPages.delete(credential);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(credential, pageKey, {
          algorithms: ['HS256'],
          audience: PAGE_AUDIENCE,
          currentDate: now(),
        });
        const { sid, sub, tag, exp } = payload;
        if (typeof sid !== 'string' || typeof sub !== 'string' || typeof tag !== 'string' || typeof exp !== 'number')
          return undefined;
        verifiedPages.set(credential, { sessionId: sid, userId: sub, tokenTag: tag, expiresAtMs: exp * 1000 });
        return { sessionId: sid, userId: sub, tokenTag: tag };
      } catch {
        return undefined;
      }
    },
  };
}
