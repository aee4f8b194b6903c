import { jwtVerify, SignJWT } from 'jose';

// The session row decides how long a login lasts (sliding); this only bounds a stolen token's life.
const TOKEN_MAX_AGE = '90d';

export interface TokenSigner {
  sign(sessionId: string, userId: string): Promise<string>;
  /** The session and the user it was issued to, or undefined for a token we did not sign or that has expired. */
  verify(token: string): Promise<{ sessionId: string; userId: string } | undefined>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (sessionId, userId) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(TOKEN_MAX_AGE)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sid, sub } = payload;
        return typeof sid === 'string' && typeof sub === 'string' ? { sessionId: sid, userId: sub } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
