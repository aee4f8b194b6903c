import {
  PLAN_MESSAGES,
  PLAN_SALE_TEXT,
  SEED_PLANS,
  STORAGE_KEYS,
  SUBSCRIPTION_TEXT,
  TEXT,
  type Plan,
  type RoleRecord,
} from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { stubApi } from '../../test/api-stub';
import { config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, testUser } from '../../test/session';

const user = testUser();
const intent = { clientSecret: 'test_secret', provider: 'test', planId: 'individual', amount: 300, currency: 'usd' };

/** Sold by its link only: not in `GET /api/plans`, answered by `GET /api/plans/:id`. */
const partnerPlan: Plan = {
  id: 'partner-week',
  name: 'Partner Week',
  price: 4.5,
  currency: 'usd',
  label: '7 Days',
  value: 10080,
  features: ['Three premium articles', 'From our partner newsletter'],
  premiumArticles: 3,
  familySeats: 1,
  position: 4,
  visibility: 'unlisted',
  renewsEvery: null,
  freeDays: 0,
};

async function openSubscription(role: RoleRecord = ROLES.user, path = '/subscription', routes = {}) {
  storeToken();
  const api = stubApi({
    '/api/config': config,
    ...sessionRoutes(user, role),
    [apiPaths.createPaymentIntent]: intent,
    [apiPaths.plan(partnerPlan.id)]: partnerPlan,
    ...routes,
  });
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: TEXT.subscription.heading });
  await screen.findByLabelText(TEXT.subscriptionPage.duration);
  return { ...view, api, person: userEvent.setup() };
}

/** A renewing plan with free days, listed beside the seed passes. */
const monthly: Plan = {
  ...partnerPlan,
  id: 'monthly',
  name: 'Monthly',
  price: 9,
  label: '1 Month',
  value: 43200,
  visibility: 'listed',
  renewsEvery: 'month',
  freeDays: 7,
  position: 4,
};
const withMonthly = { [apiPaths.plans]: { plans: [...SEED_PLANS, monthly] } };

const durationSelect = () => screen.getByLabelText(TEXT.subscriptionPage.duration);
const storedChoice = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.subscriptionPlan) ?? 'null') as unknown;

describe('/subscription', () => {
  it("offers 'Select a duration' first, then every plan with its price, the 1-minute plan chosen", async () => {
    await openSubscription();

    const options = within(durationSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      TEXT.subscription.selectDuration,
      '1 Minute — $10.00',
      '5 Days — $300.00',
      '10 Days — $500.00',
    ]);
    expect(durationSelect()).toHaveValue('trial');
    expect(screen.getByText('$10.00 for 1 minute')).toBeInTheDocument();
    for (const feature of SEED_PLANS[0]!.features) expect(screen.getByText(feature)).toBeInTheDocument();
  });

  it('offers the plans the server lists, in its order, with their own prices and currency', async () => {
    const plans: Plan[] = [
      { ...SEED_PLANS[1]!, position: 1, price: 280 },
      {
        ...partnerPlan,
        id: 'quarter',
        name: 'Quarter',
        label: '90 Days',
        value: 129600,
        currency: 'eur',
        price: 49.9,
        visibility: 'listed',
        renewsEvery: null,
        freeDays: 0,
        position: 2,
      },
    ];
    await openSubscription(ROLES.user, '/subscription', { [apiPaths.plans]: { plans } });

    const options = within(durationSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([TEXT.subscription.selectDuration, '5 Days — $280.00', '90 Days — €49.90']);
    // Without the 1-minute plan on sale, the first plan listed is chosen.
    expect(durationSelect()).toHaveValue('individual');
    expect(screen.getByText('$280.00 for 5 days')).toBeInTheDocument();
  });

  it('preselects the plan a link names, one sold by its link only too, and stores it on Proceed', async () => {
    const { router, person } = await openSubscription(ROLES.user, `/subscription?plan=${partnerPlan.id}`);

    expect(durationSelect()).toHaveValue(partnerPlan.id);
    expect(within(durationSelect()).getByRole('option', { name: '7 Days — $4.50' })).toBeInTheDocument();
    expect(screen.getByText('Partner Week')).toBeInTheDocument();
    expect(screen.getByText('$4.50 for 7 days')).toBeInTheDocument();
    expect(screen.getByText('From our partner newsletter')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: TEXT.subscription.proceed }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(storedChoice()).toEqual({ id: partnerPlan.id, label: '7 Days', value: 10080, price: 4.5 });
  });

  it('says a linked plan is no longer offered and offers those on sale', async () => {
    await openSubscription(ROLES.user, '/subscription?plan=old-offer');

    expect(screen.getByRole('alert')).toHaveTextContent(PLAN_MESSAGES.planUnavailable);
    expect(durationSelect()).toHaveValue('trial');
  });

  it('says so when no plan is on sale', async () => {
    storeToken();
    stubApi({ '/api/config': config, ...sessionRoutes(user), [apiPaths.plans]: { plans: [] } });
    renderRoute('/subscription');

    expect(await screen.findByText(PLAN_SALE_TEXT.noneOnSale)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.subscription.proceed })).not.toBeInTheDocument();
  });

  it('preselects the stored plan, with the price from the server rather than storage', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.subscriptionPlan,
      JSON.stringify({ id: 'family', label: '10 Days', value: 14400, price: 1 }),
    );
    await openSubscription();

    expect(durationSelect()).toHaveValue('family');
    expect(screen.getByText('$500.00 for 10 days')).toBeInTheDocument();
    expect(screen.queryByText('$1.00', { exact: false })).not.toBeInTheDocument();
  });

  it('says a duration is needed when none is chosen, and stays', async () => {
    const { router, person } = await openSubscription();

    await person.selectOptions(durationSelect(), '');
    await person.click(screen.getByRole('button', { name: TEXT.subscription.proceed }));

    expect(await screen.findByText(TEXT.validation.durationRequired)).toBeInTheDocument();
    expect(durationSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(durationSelect()).toHaveAccessibleDescription(TEXT.validation.durationRequired);
    expect(router.state.location.pathname).toBe('/subscription');
    expect(storedChoice()).toBeNull();
  });

  it('stores the chosen plan as the home page does and goes to /payment', async () => {
    const { router, person } = await openSubscription();

    await person.selectOptions(durationSelect(), 'individual');
    expect(screen.getByText('$300.00 for 5 days')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: TEXT.subscription.proceed }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(storedChoice()).toEqual({ id: 'individual', label: '5 Days', value: 7200, price: 300 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay $300.00 for 5 Days' })).toBeInTheDocument();
  });

  it('tells a subscriber until when premium runs and that a new plan extends it', async () => {
    await openSubscription(ROLES.premium);

    const status = await screen.findByText(TEXT.subscriptionPage.activeUntil, { exact: false });
    expect(status).toHaveTextContent(TEXT.subscriptionPage.renewalExtends);
    expect(within(status).getByText(/\d{4}/)).toHaveAttribute('datetime', ROLES.premium.premiumTaken);
  });

  it('says nothing renews by itself while every listed plan is a pass', async () => {
    await openSubscription();

    expect(screen.getByText(TEXT.subscriptionPage.intro)).toBeInTheDocument();
  });

  describe('with a renewing plan listed', () => {
    it('says some plans renew until cancelled', async () => {
      await openSubscription(ROLES.user, '/subscription', withMonthly);

      expect(screen.getByText(SUBSCRIPTION_TEXT.introWithRenewing)).toBeInTheDocument();
      expect(screen.queryByText(TEXT.subscriptionPage.intro)).not.toBeInTheDocument();
    });

    it('promises its free days to a reader who never subscribed', async () => {
      const { person } = await openSubscription(ROLES.user, '/subscription', withMonthly);

      await person.selectOptions(durationSelect(), 'monthly');
      expect(await screen.findByText('7 days free, then $9.00 a month')).toBeInTheDocument();
    });

    it('promises no free days to a reader whose earlier subscription used them: checkout charges at once', async () => {
      const { person } = await openSubscription({ ...ROLES.user, freeDaysUsed: true }, '/subscription', withMonthly);

      await person.selectOptions(durationSelect(), 'monthly');
      expect(await screen.findByText('$9.00 a month')).toBeInTheDocument();
      expect(screen.queryByText(/days free/)).not.toBeInTheDocument();
    });
  });
});
