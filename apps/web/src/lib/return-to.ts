import type { Location } from 'react-router';
import { paths } from './paths';

/** What a guard puts in the router state when it sends a visitor to /login (SPEC.md 2). */
export interface ReturnState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function returnState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): ReturnState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

const AUTH_PAGES: string[] = [paths.login, paths.register];

/**
 * Where to go after logging in: the page the visitor was sent away from, else home. Only paths of this
 * site are followed, never the auth pages themselves.
 */
export function returnTo(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return paths.home;
  const { from } = state as { from: unknown };
  if (typeof from !== 'object' || from === null) return paths.home;
  const { pathname, search, hash } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return paths.home;
  if (AUTH_PAGES.includes(pathname)) return paths.home;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
