import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The page cookie (decisions 014 and 041): a credential of the reader's session that only page rendering
 * reads, so a signed-in reader's first HTML already shows them signed in. It is not the API token: it is
 * signed with a key of its own, and no API route accepts it, as cookie or as Bearer; a cross-site request
 * carrying it can do nothing.
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
  const credential = readCookie(request.headers.cookie, PAGE_SESSION_COOKIE);
  // A JWT is three base64url parts; anything else is not ours.
  return credential && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(credential) ? credential : undefined;
}

function pageCookie(value: string, maxAge: number, secure: boolean) {
  return `${PAGE_SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function setPageSession(reply: FastifyReply, credential: string | undefined, secure: boolean) {
  if (credential) void reply.header('set-cookie', pageCookie(credential, MAX_AGE_SECONDS, secure));
}

export function clearPageSession(reply: FastifyReply, secure: boolean) {
  void reply.header('set-cookie', pageCookie('', 0, secure));
}

/**
 * A page request the reader made on this site, or typed or bookmarked (`Sec-Fetch-Site: same-origin` or
 * `none`). Only such a page may spend a free read or record a paywall event (decision 040). Without the
 * header (browsers before 2023, scripts) it counts as cross-site: the reader then spends with one click.
 */
export function isSameSitePage(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/**
 * A browser opening the page as a document (`Sec-Fetch-Dest: document`, `Sec-Fetch-Mode: navigate`): every
 * current browser says so. Crawlers and link-preview fetchers send neither, so they get a page's preview.
 */
export function isBrowserNavigation(headers: IncomingHttpHeaders): boolean {
  return headers['sec-fetch-dest'] === 'document' && headers['sec-fetch-mode'] === 'navigate';
}
