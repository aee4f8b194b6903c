import { BILLING_TEXT, TEXT, type RoleRecord } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format-date';
import { apiPaths } from '../../lib/paths';
import { stubApi } from '../../test/api-stub';
import { articleCard, config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, testUser } from '../../test/session';

const user = testUser();
const premiumList = { articles: [articleCard({ _id: 'p1', title: 'Inside the budget', isPremium: true })], total: 1 };

function openPremiumArticles(role?: RoleRecord) {
  if (role) storeToken();
  const api = stubApi({
    '/api/config': config,
    ...(role ? sessionRoutes(user, role) : {}),
    [apiPaths.premiumArticles]: premiumList,
  });
  return { api, ...renderRoute('/premium-articles') };
}

describe('AccessGate on a premium page (/premium-articles)', () => {
  it.each([
    ['a reader without premium', ROLES.user],
    ['a reader whose premium has lapsed', ROLES.lapsed],
  ])('sends %s to /subscription without asking for the list', async (_who, role) => {
    const { api, router } = openPremiumArticles(role);

    expect(await screen.findByRole('heading', { level: 1, name: TEXT.subscription.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
    expect(api.calls(apiPaths.premiumArticles)).toHaveLength(0);
  });

  it('tells a reader whose premium lapsed when it ended, on the /subscription it sends them to', async () => {
    openPremiumArticles(ROLES.lapsed);

    const notice = await screen.findByText(/premium access ended/);
    expect(notice).toHaveTextContent(/^Your premium access ended on .+ \d{4}, .+\.$/);
    expect(notice).toHaveTextContent(BILLING_TEXT.endedOn(formatDate(ROLES.lapsed.premiumTaken)));
  });

  it('says nothing of an end to a reader who never had premium', async () => {
    openPremiumArticles(ROLES.user);

    await screen.findByRole('heading', { level: 1, name: TEXT.subscription.heading });
    expect(screen.queryByText(/premium access ended/)).not.toBeInTheDocument();
  });

  it.each([
    ['a subscriber', ROLES.premium],
    ['an admin', ROLES.admin],
    ['a pass with one premium article included', { ...ROLES.premium, premiumArticles: { included: 1, opened: 0 } }],
    [
      'a subscriber whose period ended and whose renewal is not yet decided',
      { ...ROLES.lapsed, renewing: new Date(Date.now() + 86_400_000).toISOString() },
    ],
  ])('lets %s in, with the Details of premium cards open', async (_who, role) => {
    const { router } = openPremiumArticles(role);

    const card = (await screen.findByRole('heading', { name: 'Inside the budget' })).closest('article')!;
    expect(within(card).getByRole('link', { name: TEXT.articles.details })).toHaveAttribute('href', '/articles/p1');
    expect(router.state.location.pathname).toBe('/premium-articles');
  });

  it('sends an anonymous visitor to /login, remembering the page', async () => {
    const { router } = openPremiumArticles();

    expect(await screen.findByRole('heading', { name: TEXT.auth.loginTitle })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/premium-articles', search: '', hash: '' } });
  });

  it('sends the reader to /subscription the moment premium runs out, without a reload', async () => {
    const { router } = openPremiumArticles({ role: 'user', premiumTaken: new Date(Date.now() + 1500).toISOString() });

    await screen.findByRole('heading', { name: 'Inside the budget' });
    expect(screen.getAllByRole('link', { name: TEXT.nav.premiumArticles, hidden: true }).length).toBeGreaterThan(0);

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'), { timeout: 4000 });
    expect(screen.queryByRole('link', { name: TEXT.nav.premiumArticles, hidden: true })).not.toBeInTheDocument();
  });
});
