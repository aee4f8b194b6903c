import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { carriedReturnState, returnState, returnTo, withRegisteredEmail } from './return-to';

/** The query string of the server's 302 for an anonymous visitor (decision 014: `/login?redirect=…`). */
const serverRedirect = (target: string) => `?redirect=${encodeURIComponent(target)}`;

describe('returnTo: where login goes on to', () => {
  it("follows the server's ?redirect= to the page the visitor asked for, query and hash kept", () => {
    expect(returnTo(null, serverRedirect('/profile?tab=1'))).toBe('/profile?tab=1');
    expect(returnTo(undefined, serverRedirect('/articles/42#comments'))).toBe('/articles/42#comments');
    expect(returnTo(null, serverRedirect('/premium-articles'))).toBe('/premium-articles');
  });

  it("prefers the guard's router state to the query string", () => {
    const state = returnState({ pathname: '/dashboard', search: '?page=2', hash: '' });
    expect(returnTo(state, serverRedirect('/profile'))).toBe('/dashboard?page=2');
  });

  it('goes home without a redirect', () => {
    expect(returnTo(null)).toBe(paths.home);
    expect(returnTo(null, '?other=1')).toBe(paths.home);
    expect(returnTo(null, '?redirect=')).toBe(paths.home);
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a backslash the browser reads as a slash', '/\\evil.example/steal'],
    ['a tab the browser drops', '/\t/evil.example/steal'],
    ['a line break the browser drops', '/\n/evil.example/steal'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'profile'],
    ['the login page itself', '/login?redirect=%2Fprofile'],
    ['the registration page', '/register'],
  ])('refuses %s and goes home', (_, target) => {
    expect(returnTo(null, serverRedirect(target))).toBe(paths.home);
    expect(returnTo(null, `?redirect=${target}`)).toBe(paths.home);
  });

  it('refuses the same from a router state', () => {
    for (const pathname of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example',
      '/login',
    ]) {
      expect(returnTo({ from: { pathname, search: '', hash: '' } }), pathname).toBe(paths.home);
    }
    expect(returnTo({ from: null })).toBe(paths.home);
    expect(returnTo({ from: { pathname: 42 } })).toBe(paths.home);
  });

  it('every path it gives stays on this site as a browser resolves it', () => {
    const site = 'https://dispatch.example';
    for (const target of ['/a', '/a?b=1#c', '//x', '/\\x', '/\t/x', '/%2F%2Fx', '/..//x', '/./x']) {
      const path = returnTo(null, serverRedirect(target));
      expect(new URL(path, site).origin, target).toBe(site);
    }
  });
});

describe('carriedReturnState: what /login hands on to /register', () => {
  it("turns the server's ?redirect= into a return state that survives registering and logging in", () => {
    const carried = carriedReturnState(null, serverRedirect('/articles/42?gift=abc#top'));
    expect(carried).toEqual(returnState({ pathname: '/articles/42', search: '?gift=abc', hash: '#top' }));
    // /register hands it back to /login with the new e-mail; login then goes on to the article.
    expect(returnTo(withRegisteredEmail(carried, 'new@example.com'))).toBe('/articles/42?gift=abc#top');
  });

  it("keeps a guard's state, and carries no other site's address", () => {
    const state = returnState({ pathname: '/dashboard', search: '', hash: '' });
    expect(carriedReturnState(state, serverRedirect('/profile'))).toBe(state);
    expect(carriedReturnState(null, serverRedirect('//evil.example/steal'))).toBeNull();
    expect(carriedReturnState(null, '')).toBeNull();
  });
});
