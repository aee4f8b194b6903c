import { API_MESSAGES, STORAGE_KEYS, TEXT, type RoleRecord } from '@dispatch/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { loadRouteModules, renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, TEST_TOKEN, testUser } from '../../test/session';

const user = testUser();

const SIGNED_IN_LINKS = [
  [TEXT.nav.home, '/'],
  [TEXT.nav.articles, '/articles'],
  [TEXT.nav.addArticle, '/addArticle'],
  [TEXT.nav.subscription, '/subscription'],
  [TEXT.nav.myArticles, '/my-articles'],
];

function linksOf(element: HTMLElement) {
  return within(element)
    .getAllByRole('link', { hidden: true })
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

/** Every 'Main' navigation (desktop bar and phone menu) and the footer's list show exactly `expected`. */
async function expectNavigation(expected: string[][]) {
  await waitFor(() => {
    const navs = screen.getAllByRole('navigation', { name: TEXT.layout.mainNavigation, hidden: true });
    expect(navs).toHaveLength(2);
    for (const nav of navs) expect(linksOf(nav)).toEqual(expected);
  });
  expect(linksOf(screen.getByRole('navigation', { name: TEXT.footer.navigation }))).toEqual(expected);
}

function renderSignedIn(role: RoleRecord, path = '/forbidden') {
  storeToken();
  const api = stubApi({ '/api/config': config, ...sessionRoutes(user, role) });
  return { api, ...renderRoute(path) };
}

describe('navbar per viewer (docs/product.md#screens)', () => {
  it('gives a signed-in reader their links, the photo leading to /profile and Logout, without Login/Register', async () => {
    renderSignedIn(ROLES.user);

    const banner = await screen.findByRole('banner');
    const photo = await within(banner).findByRole('img', { name: user.name });
    expect(photo.closest('a')).toHaveAttribute('href', '/profile');
    expect(within(banner).getByRole('button', { name: TEXT.nav.logout })).toBeInTheDocument();
    await expectNavigation(SIGNED_IN_LINKS);
    expect(within(banner).queryByRole('link', { name: TEXT.nav.login })).not.toBeInTheDocument();
  });

  it('adds Premium Articles while premium lasts', async () => {
    renderSignedIn(ROLES.premium);
    await expectNavigation([...SIGNED_IN_LINKS, [TEXT.nav.premiumArticles, '/premium-articles']]);
  });

  it('leaves Premium Articles out once premium has lapsed', async () => {
    const { api } = renderSignedIn(ROLES.lapsed);
    await waitFor(() => expect(api.requests(apiPaths.role).length).toBeGreaterThan(0));
    await expectNavigation(SIGNED_IN_LINKS);
  });

  it('adds Dashboard for an admin', async () => {
    renderSignedIn(ROLES.admin);
    await expectNavigation([...SIGNED_IN_LINKS, [TEXT.nav.dashboard, '/dashboard']]);
  });

  it('shows the account in the phone menu too', async () => {
    renderSignedIn(ROLES.user);
    const person = userEvent.setup();

    await person.click(await screen.findByRole('button', { name: TEXT.layout.menu }));

    const menu = document.getElementById(
      screen.getByRole('button', { name: TEXT.layout.menu }).getAttribute('aria-controls') ?? '',
    );
    expect(menu).toBeVisible();
    const phone = within(menu as HTMLElement);
    expect(phone.getByRole('link', { name: user.name })).toHaveAttribute('href', '/profile');
    expect(phone.getByRole('button', { name: TEXT.nav.logout })).toBeInTheDocument();
  });
});

describe('role lookup (docs/product.md#article-status)', () => {
  it('asks for the role with the token once the session is known, again on each route change', async () => {
    const { api, router } = renderSignedIn(ROLES.user, '/forbidden');

    await waitFor(() => expect(api.requests(apiPaths.role)).toHaveLength(1));
    const [lookup] = api.calls(apiPaths.role);
    expect(lookup?.url.searchParams.get('email')).toBe(user.email);
    expect(lookup?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    // The requests made before the session was known waited for it, and went out as this reader.
    expect(
      api.calls('/api/config').every((request) => request.headers.get('Authorization') === `Bearer ${TEST_TOKEN}`),
    ).toBe(true);

    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(api.requests(apiPaths.role)).toHaveLength(2));
  });

  it('asks nothing for an anonymous visitor', async () => {
    const api = stubApi({ '/api/config': config });
    renderRoute('/forbidden');
    await screen.findByRole('heading', { name: TEXT.forbidden.message });
    expect(api.requests(apiPaths.role)).toHaveLength(0);
    expect(api.requests(apiPaths.session)).toHaveLength(0);
  });

  it('forgets a token the server no longer accepts', async () => {
    storeToken();
    stubApi({ '/api/config': config, [apiPaths.session]: () => errorResponse(401, API_MESSAGES.sessionExpired) });
    renderRoute('/forbidden');

    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    await expectNavigation([
      [TEXT.nav.home, '/'],
      [TEXT.nav.articles, '/articles'],
      [TEXT.nav.login, '/login'],
      [TEXT.nav.register, '/register'],
    ]);
  });
});

describe('Logout', () => {
  beforeAll(() => loadRouteModules('/profile', '/login'));

  it("ends the session, forgets the token, says 'User logged out!' and goes to /login", async () => {
    const { api, router } = renderSignedIn(ROLES.user);
    const person = userEvent.setup();

    await person.click(await within(await screen.findByRole('banner')).findByRole('button', { name: TEXT.nav.logout }));

    expect(await screen.findByText(TEXT.toast.loggedOut)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    const [request] = api.calls(apiPaths.logout);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('shows the error and stays logged in when the server could not end the session', async () => {
    storeToken();
    stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.logout]: () => errorResponse(503, 'The service is unavailable. Please try again shortly.'),
    });
    const { router } = renderRoute('/forbidden');
    const person = userEvent.setup();

    await person.click(await within(await screen.findByRole('banner')).findByRole('button', { name: TEXT.nav.logout }));

    expect(await screen.findByText('The service is unavailable. Please try again shortly.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forbidden');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(TEST_TOKEN);
    expect(within(screen.getByRole('banner')).getByRole('img', { name: user.name })).toBeInTheDocument();
  });

  it('leaves /profile for /login without asking about unsaved edits', async () => {
    const { router } = renderSignedIn(ROLES.user, '/profile');
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText(TEXT.auth.name), ' Jr');

    await person.click(within(screen.getByRole('banner')).getByRole('button', { name: TEXT.nav.logout }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText(TEXT.toast.loggedOut)).toBeInTheDocument();
  });
});
