import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * The brief's links, signed with the site's secret like the notices',
 * each for its own audience: a confirmation link names a sign-up and the address it went to, for a week; an
 * unsubscribe link names a sign-up and, in a brief, the send it came with (counted per send) and never expires.
 */
const CONFIRM_AUDIENCE = 'brief-confirm';
const UNSUBSCRIBE_AUDIENCE = 'brief-unsubscribe';
const CONFIRM_TTL_MS = 7 * 86_400_000;

export interface BriefTokens {
  confirm(signupId: string, email: string, now: Date): Promise<string>;
  readConfirm(token: string, now: Date): Promise<{ signupId: string; email: string } | undefined>;
  unsubscribe(signupId: string, sendId?: string): Promise<string>;
  readUnsubscribe(token: string): Promise<{ signupId: string; sendId?: string } | undefined>;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HS256_HEADER = base64url(JSON.stringify({ alg: 'HS256' }));

/**
 * An HS256 JWT signed with node:crypto, as jose's SignJWT makes it and jwtVerify reads it: one per brief, and jose's
 * WebCrypto path cost 170 µs a token against a few here (bench/brief-send.ts).
 */
function signHs256(key: Uint8Array, payload: Record<string, string>) {
  const unsigned = `${HS256_HEADER}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createBriefTokens(secret: string): BriefTokens {
  const key = new TextEncoder().encode(secret);
  const sign = (audience: string, subject: string, claims: Record<string, string>, expires?: Date) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setAudience(audience).setSubject(subject);
    return (expires ? jwt.setExpirationTime(expires) : jwt).sign(key);
  };
  const read = async (
    token: string,
    audience: string,
    currentDate?: Date,
  ): Promise<(JWTPayload & { sub: string }) | undefined> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience, currentDate });
      return payload.sub && UUID.test(payload.sub) ? { ...payload, sub: payload.sub } : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    confirm: (signupId, email, now) =>
      sign(CONFIRM_AUDIENCE, signupId, { email }, new Date(now.getTime() + CONFIRM_TTL_MS)),
    async readConfirm(token, now) {
      const payload = await read(token, CONFIRM_AUDIENCE, now);
      return payload && typeof payload.email === 'string' ? { signupId: payload.sub, email: payload.email } : undefined;
    },
    unsubscribe: async (signupId, sendId) =>
      signHs256(key, {
        ...(sendId === undefined ? {} : { send: sendId }),
        aud: UNSUBSCRIBE_AUDIENCE,
        sub: signupId,
      }),
    async readUnsubscribe(token) {
      const payload = await read(token, UNSUBSCRIBE_AUDIENCE);
      if (!payload) return undefined;
      if (payload.send === undefined) return { signupId: payload.sub };
      return typeof payload.send === 'string' && UUID.test(payload.send)
        ? { signupId: payload.sub, sendId: payload.send }
        : undefined;
    },
  };
}
