import type { PageReads, User } from '@dispatch/shared';
import { describe, expect, it } from 'vitest';
import { pageAudience, renderPage, signInFirst } from './entry-server';

const at = (path: string) => signInFirst(`https://news.example${path}`);
const loginFor = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;

describe("signInFirst: the routes' own access rule, as the server reads it before rendering (decision 046)", () => {
  it('sends a visitor without a session from an article to /login and back; crawlers read its preview', () => {
    expect(at('/articles/42?gift=abc')).toEqual({
      location: loginFor('/articles/42?gift=abc'),
      previewForOthers: true,
      // Which the site's setting may open to visitors (docs/product.md#who-reads-what).
      article: '42',
    });
  });

  it('sends anyone without a session from the pages behind a login, with no preview', () => {
    for (const path of [
      '/profile?tab=1',
      '/addArticle',
      '/subscription',
      '/premium-articles',
      '/dashboard/all-articles',
    ]) {
      expect(at(path), path).toEqual({ location: loginFor(path), previewForOthers: false });
    }
  });

  it('answers the same when asked again, each address with its own return path', () => {
    expect(at('/articles/7')).toEqual({ location: loginFor('/articles/7'), previewForOthers: true, article: '7' });
    expect(at('/articles/7?gift=x')).toEqual({
      location: loginFor('/articles/7?gift=x'),
      previewForOthers: true,
      article: '7',
    });
    expect(at('/')).toBeUndefined();
    expect(at('/')).toBeUndefined();
  });

  it('leaves the public pages alone', () => {
    for (const path of ['/', '/articles', '/articles?search=harbour', '/briefs', '/login', '/register', '/nope']) {
      expect(at(path), path).toBeUndefined();
    }
  });
});

describe('pageAudience: the pages a signed-in reader may be served from a page their audience shares (decision 047)', () => {
  const of = (path: string) => pageAudience(`https://news.example${path}`);

  it('names the article of an article page, whatever its query', () => {
    expect(of('/articles/42')).toEqual({ kind: 'article', id: '42' });
    expect(of('/articles/42?gift=abc')).toEqual({ kind: 'article', id: '42' });
  });

  it('names each article by its own id when every article address is one shape to the route matcher', () => {
    const first = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    const second = 'F0E1D2C3-B4A5-4968-8776-655443322110';
    expect(of(`/articles/${first}`)).toEqual({ kind: 'article', id: first });
    expect(of(`/articles/${second}`)).toEqual({ kind: 'article', id: second });
    expect(of(`/articles/${first}`)).toEqual({ kind: 'article', id: first });
    expect(of(`/articles/${second}/more`)).toBeUndefined();
    expect(at(`/update-article/${first}`)).toEqual({
      location: loginFor(`/update-article/${first}`),
      previewForOthers: false,
    });
    expect(at(`/publishers/${first}`)).toBeUndefined();
  });

  it("leaves every other page the reader's own", () => {
    for (const path of ['/', '/articles', '/profile', '/premium-articles', '/subscription', '/my-articles', '/nope']) {
      expect(of(path), path).toBeUndefined();
    }
  });
});

describe('renderPage: a signed-in reader at login or register goes on with a 302, before anything renders (decision 054)', () => {
  const user: User = {
    _id: '1',
    name: 'Reader',
    email: 'reader@example.com',
    profile_pic: '',
    role: 'user',
    premiumTaken: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_login_at: null,
    last_log_in: null,
    slug: '',
    bio: '',
    links: {},
  };
  const viewer = { tokenTag: 'tag', user, role: { role: 'user' as const, premiumTaken: null } };
  // Nothing is read: the answer comes before any loader runs.
  const reads = {} as PageReads;
  const asReader = (path: string) => renderPage({ url: `https://news.example${path}`, viewer, reads });

  it('answers the `redirect` address of the login and register pages, so the browser opens it as it came', async () => {
    for (const page of ['/login', '/register']) {
      expect(await asReader(`${page}?redirect=${encodeURIComponent('/articles/42?gift=abc')}`), page).toEqual({
        kind: 'redirect',
        status: 302,
        location: '/articles/42?gift=abc',
      });
    }
  });

  it('renders the form without a `redirect`: a browser that lost its token but kept the page cookie signs in', async () => {
    for (const page of ['/login', '/register']) expect((await asReader(page)).kind, page).not.toBe('redirect');
  });

  it('sends the reader home when the address is empty, leaves the site or is an auth page itself', async () => {
    for (const target of ['', 'https://evil.example/x', '//evil.example', '/\\evil.example', '/login', 'articles/42']) {
      const path = `/login?redirect=${encodeURIComponent(target)}`;
      expect(await asReader(path), path).toEqual({ kind: 'redirect', status: 302, location: '/' });
    }
  });
});
