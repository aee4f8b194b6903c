import { BRIEF_TEXT, ChartsSchema, PLAN_TEXT, REVENUE_TEXT, SETTINGS_TEXT, TAG_TEXT, TEXT } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse, stubApi } from '../../../test/api-stub';
import { config } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { openDashboard } from '../../../test/admin';
import { ROLES } from '../../../test/session';

const D = TEXT.dashboard;
const charts = ChartsSchema.parse({
  byPublisher: [
    { name: 'Harbor Herald', count: 4 },
    { name: 'Civic Ledger', count: 2 },
  ],
  byTag: [
    { tag: 'Politics', count: 3 },
    { tag: 'Health', count: 1 },
  ],
  byMonth: [
    { month: '2025-02', count: 1 },
    { month: '2025-03', count: 5 },
  ],
});

describe('/dashboard', () => {
  it('sends a signed-in reader to /forbidden', async () => {
    const { router } = openDashboard('/dashboard', {}, ROLES.premium);

    expect(await screen.findByRole('heading', { name: TEXT.forbidden.message })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forbidden');
  });

  it('sends an anonymous visitor to /login', async () => {
    stubApi({ '/api/config': config });
    const { router } = renderRoute('/dashboard/all-users');

    expect(await screen.findByRole('heading', { name: TEXT.auth.loginTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows an admin the sidebar and the three charts, with their numbers: the pie in a legend anyone sees', async () => {
    openDashboard('/dashboard', { [apiPaths.dashboardCharts]: charts });

    expect(await screen.findByRole('heading', { level: 1, name: D.overview })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: D.sidebar });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [D.overview, '/dashboard'],
      [D.allUsers, '/dashboard/all-users'],
      [D.allArticles, '/dashboard/all-articles'],
      [D.addPublisher, '/dashboard/add-publisher'],
      [D.history, '/dashboard/history'],
      [REVENUE_TEXT.funnel.nav, '/dashboard/funnel'],
      [PLAN_TEXT.pageTitle, '/dashboard/plans'],
      [TAG_TEXT.nav, '/dashboard/tags'],
      [BRIEF_TEXT.newsletter, '/dashboard/newsletter'],
      [SETTINGS_TEXT.heading, '/dashboard/settings'],
      [D.exit, '/'],
    ]);

    const legend = await screen.findByRole('list', { name: D.byPublisher });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Harbor Herald467%', 'Civic Ledger233%']);
    expect(legend).toBeVisible();
    expect(screen.queryByRole('table', { name: D.byPublisher })).toBeNull();
    expect(
      within(screen.getByRole('table', { name: D.byTag })).getByRole('row', { name: 'Politics 3' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: D.byMonth })).getByRole('row', { name: 'Mar 2025 5' }),
    ).toBeInTheDocument();
  });

  it('says when there is nothing to chart', async () => {
    openDashboard('/dashboard', { [apiPaths.dashboardCharts]: { byPublisher: [], byTag: [], byMonth: [] } });
    await waitFor(() => expect(screen.getAllByText(D.noChartData)).toHaveLength(3));
  });

  it('shows an error with a retry when the charts fail', async () => {
    openDashboard('/dashboard', {
      [apiPaths.dashboardCharts]: () => errorResponse(403, 'Only an admin can do that.'),
      // The panel under the charts answers: the one retry is the charts'.
      [apiPaths.deskSummary]: {
        pending: 0,
        oldestPendingSince: null,
        publishedToday: 0,
        dayStart: '2026-06-10T00:00:00.000Z',
        viewsLast24Hours: 0,
        viewsSince: '2026-06-09T16:00:00.000Z',
        asOf: '2026-06-10T15:20:00.000Z',
      },
    });
    expect(await screen.findByRole('button', { name: TEXT.states.retry })).toBeInTheDocument();
  });
});
