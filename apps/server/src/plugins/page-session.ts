import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The page cookie (decision 014): a copy of the session token that only page rendering reads, so a
 * signed-in reader's first HTML already shows them signed in. No API route accepts it as
 * authentication; the API takes the Bearer token alone, so a cross-site request carrying the cookie
 * can do nothing.
 */
export const PAGE_SESSION_COOKIE = 'dispatch_page';
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

export function readPageSession(request: FastifyRequest): string | undefined {
  const token = readCookie(request.headers.cookie, PAGE_SESSION_COOKIE);
  // A JWT is three base64url parts; anything else is not ours.
  return token && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : undefined;
}

function pageCookie(value: string, maxAge: number, secure: boolean) {
  return `${PAGE_SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function setPageSession(reply: FastifyReply, token: string, secure: boolean) {
  void reply.header('set-cookie', pageCookie(token, MAX_AGE_SECONDS, secure));
}

export function clearPageSession(reply: FastifyReply, secure: boolean) {
  void reply.header('set-cookie', pageCookie('', 0, secure));
}
