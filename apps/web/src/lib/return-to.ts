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

/** A path of this site that login may go on to: never another origin, never the auth pages themselves. */
function safePath(target: string | null): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  const pathname = target.split(/[?#]/)[0]!;
  return AUTH_PAGES.includes(pathname) ? undefined : target;
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
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return paths.home;
  if (AUTH_PAGES.includes(pathname)) return paths.home;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
