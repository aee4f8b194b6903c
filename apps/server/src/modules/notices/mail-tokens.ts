import { NOTICE_KINDS, type NoticeKind } from '@dispatch/shared';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The links an e-mail carries, signed with the site's secret so they need no table: an unsubscribe link
 * names one person and one kind of notice (and never expires: old e-mails keep working); a verification
 * link names one person and the address it was sent to (a changed address makes it void) for a week.
 * Each is signed for its own audience, so neither can be used as the other, nor as a session token.
 */
const VERIFY_TTL = '7d';

export interface MailTokens {
  unsubscribe(userId: string, kind: NoticeKind): Promise<string>;
  readUnsubscribe(token: string): Promise<{ userId: string; kind: NoticeKind } | undefined>;
  verifyEmail(userId: string, email: string): Promise<string>;
  readVerifyEmail(token: string): Promise<{ userId: string; email: string } | undefined>;
  /** A family invitation's link: names the invitation row, which holds the expiry and whether it was used. */
  familyInvitation(invitationId: string, expiresAt: Date): Promise<string>;
  readFamilyInvitation(token: string): Promise<string | undefined>;
}

export function createMailTokens(secret: string): MailTokens {
  const key = new TextEncoder().encode(secret);
  const sign = (audience: string, subject: string, claims: Record<string, string>, ttl?: string | Date) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setAudience(audience).setSubject(subject);
    return (ttl ? jwt.setExpirationTime(ttl) : jwt).sign(key);
  };
  const read = async (token: string, audience: string) => {
    try {
      return (await jwtVerify(token, key, { algorithms: ['HS256'], audience })).payload;
    } catch {
      return undefined;
    }
  };
  return {
    unsubscribe: (userId, kind) => sign('unsubscribe', userId, { kind }),
    async readUnsubscribe(token) {
      const payload = await read(token, 'unsubscribe');
      const kind = NOTICE_KINDS.find((one) => one === payload?.kind);
      return payload?.sub && kind ? { userId: payload.sub, kind } : undefined;
    },
    verifyEmail: (userId, email) => sign('verify-email', userId, { email }, VERIFY_TTL),
    async readVerifyEmail(token) {
      const payload = await read(token, 'verify-email');
      return payload?.sub && typeof payload.email === 'string'
        ? { userId: payload.sub, email: payload.email }
        : undefined;
    },
    familyInvitation: (invitationId, expiresAt) => sign('family-invitation', invitationId, {}, expiresAt),
    async readFamilyInvitation(token) {
      return (await read(token, 'family-invitation'))?.sub;
    },
  };
}
