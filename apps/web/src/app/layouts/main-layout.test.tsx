import { TEXT } from '@dispatch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';

const ANONYMOUS_LINKS = [
  [TEXT.nav.home, '/'],
  [TEXT.nav.articles, '/articles'],
  [TEXT.nav.login, '/login'],
  [TEXT.nav.register, '/register'],
];

function linksOf(element: HTMLElement) {
  // The phone menu is closed (hidden); its links count as much as the desktop ones.
  return within(element)
    .getAllByRole('link', { hidden: true })
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('main layout', () => {
  it("shows an anonymous visitor the documented links in the navbar and the footer's Navigation list", async () => {
    stubApi({ '/api/config': config });
    renderRoute('/forbidden');

    const navbar = await screen.findAllByRole('navigation', { name: TEXT.layout.mainNavigation, hidden: true });
    for (const nav of navbar) expect(linksOf(nav)).toEqual(ANONYMOUS_LINKS);
    expect(linksOf(screen.getByRole('navigation', { name: TEXT.footer.navigation }))).toEqual(ANONYMOUS_LINKS);
  });

  it('shows the brand, tagline, contact e-mail, four social links without target, and this year', async () => {
    stubApi({ '/api/config': config });
    renderRoute('/forbidden');

    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: config.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${config.supportEmail}`,
    );
    expect(footer).toHaveTextContent(TEXT.brand.tagline);
    for (const name of Object.values(TEXT.layout.social)) {
      const link = within(footer).getByRole('link', { name });
      expect(link).not.toHaveAttribute('target');
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${config.siteName}`);
    expect(screen.getByRole('banner')).toHaveTextContent(config.siteName);
  });

  it('shows the 403 page with a way home', async () => {
    stubApi({ '/api/config': config });
    renderRoute('/forbidden');
    expect(await screen.findByRole('heading', { name: TEXT.forbidden.message })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.forbidden.back })).toHaveAttribute('href', '/');
  });

  it('shows the 404 page for an unknown route', async () => {
    stubApi({ '/api/config': config });
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: TEXT.notFound.message })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.notFound.back })).toHaveAttribute('href', '/');
  });
});
