import { FunnelSchema, PLAN_TEXT, REVENUE_TEXT, SUBSCRIPTION_TEXT } from '@dispatch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { openDashboard } from '../../../test/admin';

const F = REVENUE_TEXT.funnel;
const zero = { wall: 0, registered: 0, subscribed: 0, gift: 0, metered: 0 };
const funnel = FunnelSchema.parse({
  days: 30,
  site: { wall: 1200, registered: 80, subscribed: 31, gift: 9, metered: 400 },
  byDay: [
    { ...zero, day: '2026-07-10', wall: 700, metered: 250 },
    { ...zero, day: '2026-07-11', wall: 500, subscribed: 31 },
  ],
  articles: [{ _id: 'a1', title: 'The Water Pact', wall: 900, registered: 60, subscribed: 25, gift: 9, metered: 300 }],
  subscriptions: { started: 40, renewed: 120, refused: 6, cancelled: 5, lapsed: 2 },
  plans: [
    { planId: 'individual', name: 'Individual Premium', purchases: 1200, revenue: 360000, currency: 'usd' },
    { planId: 'weekly', name: 'Weekly Pass', purchases: 3, revenue: 37.5, currency: 'eur' },
  ],
});

describe('/dashboard/funnel', () => {
  it('shows an admin the site-wide row, the articles and the chart’s numbers as a table', async () => {
    openDashboard('/dashboard/funnel', { [apiPaths.dashboardFunnel]: funnel });

    expect(await screen.findByRole('heading', { level: 1, name: F.heading }, { timeout: 10_000 })).toBeInTheDocument();
    const articles = within(await screen.findByRole('region', { name: F.topArticles }, { timeout: 10_000 })).getByRole(
      'table',
    );
    expect(within(articles).getByRole('row', { name: `${F.site} 1,200 80 31 9 400` })).toBeInTheDocument();
    expect(within(articles).getByRole('row', { name: 'The Water Pact 900 60 25 9 300' })).toBeInTheDocument();
    const byDay = await screen.findByRole('table', { name: F.byDay }, { timeout: 10_000 });
    expect(within(byDay).getByRole('row', { name: 'Jul 11 500 0 31 0 0' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: F.window })).toHaveValue('30');
  }, 20_000);

  it('shows purchases and revenue per plan, the revenue in its currency', async () => {
    openDashboard('/dashboard/funnel', { [apiPaths.dashboardFunnel]: funnel });

    const section = await screen.findByRole('region', { name: PLAN_TEXT.purchasesPerPlan }, { timeout: 10_000 });
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${PLAN_TEXT.columns.name}${PLAN_TEXT.columns.purchases}${PLAN_TEXT.revenue}`,
      'Individual Premium1,200$360,000.00',
      'Weekly Pass3€37.50',
    ]);
  }, 20_000);

  it('counts renewing subscriptions: started, renewed, refused, and ended by the reader or a failed renewal', async () => {
    openDashboard('/dashboard/funnel', { [apiPaths.dashboardFunnel]: funnel });

    const section = await screen.findByRole('region', { name: SUBSCRIPTION_TEXT.funnel.heading }, { timeout: 10_000 });
    const S = SUBSCRIPTION_TEXT.funnel;
    const shown = within(section)
      .getAllByRole('definition')
      .map((value) => `${value.previousElementSibling?.textContent} ${value.textContent}`);
    expect(shown).toEqual([
      `${S.started} 40`,
      `${S.renewed} 120`,
      `${S.refused} 6`,
      `${S.cancelled} 5`,
      `${S.lapsed} 2`,
    ]);
  }, 20_000);

  it('says so when nothing was bought in the period', async () => {
    openDashboard('/dashboard/funnel', { [apiPaths.dashboardFunnel]: { ...funnel, plans: [] } });

    const section = await screen.findByRole('region', { name: PLAN_TEXT.purchasesPerPlan }, { timeout: 10_000 });
    expect(within(section).getByText(PLAN_TEXT.noPurchases)).toBeInTheDocument();
  }, 20_000);
});
