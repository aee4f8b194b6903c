import { TEXT } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi } from '../../test/api-stub';
import { articleCard, config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, TEST_TOKEN, testUser } from '../../test/session';

const user = testUser();

function cards(page: number, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const n = (page - 1) * 12 + index + 1;
    return articleCard({ _id: `p${n}`, title: `Premium story ${n}`, isPremium: true });
  });
}

function openList(answer: (url: URL) => unknown, path = '/premium-articles') {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    ...sessionRoutes(user, ROLES.premium),
    [apiPaths.premiumArticles]: answer,
  });
  return { api, ...renderRoute(path), person: userEvent.setup() };
}

describe('/premium-articles', () => {
  it("shows 'Premium Articles' and the first 12 premium cards, asked for with the session", async () => {
    const { api } = openList(() => ({ articles: cards(1, 12), total: 30 }));

    expect(await screen.findByRole('heading', { level: 1, name: TEXT.articles.premiumHeading })).toBeInTheDocument();
    expect(await screen.findAllByRole('heading', { level: 2, name: /^Premium story/ })).toHaveLength(12);
    expect(screen.getByText('Showing 1–12 of 30')).toBeInTheDocument();
    const request = api.calls(apiPaths.premiumArticles)[0]!;
    expect(request.url.searchParams.get('limit')).toBe('12');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  // Three pages rendered and clicked through: over 5 s on a loaded 2-core machine.
  it('pages through the list by total, keeping the page in the URL', { timeout: 15_000 }, async () => {
    const { api, router, person } = openList((url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      return { articles: cards(page, page === 3 ? 6 : 12), total: 30 };
    });

    const pager = await screen.findByRole('navigation', { name: TEXT.listing.pagination });
    expect(within(pager).getAllByRole('link', { name: /^Page \d+$/ })).toHaveLength(3);
    await person.click(within(pager).getByRole('link', { name: TEXT.articles.next }));

    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('heading', { name: 'Premium story 13' })).toBeInTheDocument();
    expect(api.requests(apiPaths.premiumArticles).at(-1)?.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await person.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { name: 'Premium story 25' })).toBeInTheDocument();
    expect(screen.getByText('Showing 25–30 of 30')).toBeInTheDocument();
  });

  it('says so when there are no premium articles yet', async () => {
    openList(() => ({ articles: [], total: 0 }));
    expect(await screen.findByText(TEXT.premiumPage.empty)).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    const { person } = openList(() => (fail ? errorResponse(400, 'Bad page') : { articles: cards(1, 1), total: 1 }));

    const alert = await screen.findByRole('alert');
    fail = false;
    await person.click(within(alert).getByRole('button', { name: TEXT.states.retry }));

    expect(await screen.findByRole('heading', { name: 'Premium story 1' })).toBeInTheDocument();
  });
});
