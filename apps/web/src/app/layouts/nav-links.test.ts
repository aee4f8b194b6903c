import { TEXT } from '@dispatch/shared';
import { describe, expect, it } from 'vitest';
import { navLinks } from './nav-links';

const labels = (...args: Parameters<typeof navLinks>) => navLinks(...args).map((link) => link.label);

describe('navLinks (docs/product.md#screens)', () => {
  it('gives anonymous visitors Home, All Articles, Login and Register', () => {
    expect(labels({ signedIn: false, isAdmin: false, isPremium: false })).toEqual([
      TEXT.nav.home,
      TEXT.nav.articles,
      TEXT.nav.login,
      TEXT.nav.register,
    ]);
  });

  it('gives signed-in readers their pages, without Login and Register', () => {
    expect(labels({ signedIn: true, isAdmin: false, isPremium: false })).toEqual([
      TEXT.nav.home,
      TEXT.nav.articles,
      TEXT.nav.addArticle,
      TEXT.nav.subscription,
      TEXT.nav.myArticles,
    ]);
  });

  it('adds Dashboard for admins and Premium Articles while premium lasts', () => {
    const links = labels({ signedIn: true, isAdmin: true, isPremium: true });
    expect(links).toContain(TEXT.nav.dashboard);
    expect(links).toContain(TEXT.nav.premiumArticles);
    expect(labels({ signedIn: true, isAdmin: false, isPremium: false })).not.toContain(TEXT.nav.premiumArticles);
  });

  it('shows only the links everyone sees while the session is being restored', () => {
    expect(labels({ pending: true, signedIn: false, isAdmin: false, isPremium: false })).toEqual([
      TEXT.nav.home,
      TEXT.nav.articles,
    ]);
  });
});
