import type { Location } from 'react-router';
import { paths } from './paths';

/** What a guard puts in the router state when it sends a visitor to /login (docs/product.md#screens). */
export interface ReturnState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function returnState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): ReturnState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

const AUTH_PAGES: string[] = [paths.login, paths.register];

// Only to resolve a path: no page is ever fetched from it.
const THIS_SITE = 'http://this-site.invalid';

/**
 * A path of this site that login may go on to: never another origin, never the auth pages themselves.
 * Judged as the browser resolves it, which drops tabs and line breaks and reads `\` as `/`: a slash, a tab
 * and `/evil.example` make a protocol-relative URL there.
 */
function safePath(target: string | null): string | undefined {
  if (!target?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(target, THIS_SITE);
  } catch {
    return undefined;
  }
  // `/..//x` resolves to the path `//x`, itself protocol-relative once given back.
  if (url.origin !== THIS_SITE || url.pathname.startsWith('//') || AUTH_PAGES.includes(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after logging in: the page the visitor was sent away from (the guard's router state, or
 * the server's `?redirect=` when it sent them), else home.
 */
export function returnTo(state: unknown, locationSearch = ''): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) {
    return safePath(new URLSearchParams(locationSearch).get('redirect')) ?? paths.home;
  }
  const { from } = state as { from: unknown };
  if (typeof from !== 'object' || from === null) return paths.home;
  const { pathname, search, hash } = from as Record<string, unknown>;
  if (typeof pathname !== 'string') return paths.home;
  const path = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  return safePath(path) ?? paths.home;
}

/**
 * The return state /login hands on to /register: the guard's, or one made from the server's `?redirect=`, so a
 * visitor who registers first still comes back to the page they were sent away from.
 */
export function carriedReturnState(state: unknown, locationSearch: string): unknown {
  if (typeof state === 'object' && state !== null && 'from' in state) return state;
  const target = safePath(new URLSearchParams(locationSearch).get('redirect'));
  if (!target) return state;
  const { pathname, search, hash } = new URL(target, THIS_SITE);
  return { ...(typeof state === 'object' && state), ...returnState({ pathname, search, hash }) };
}

/** The router state /register hands to /login: the return state it was given, and the new reader's e-mail. */
export function withRegisteredEmail(state: unknown, email: string): object {
  return { ...(typeof state === 'object' && state), registeredEmail: email };
}

export function registeredEmail(state: unknown): string | undefined {
  const email = (state as { registeredEmail?: unknown } | null)?.registeredEmail;
  return typeof email === 'string' ? email : undefined;
}
