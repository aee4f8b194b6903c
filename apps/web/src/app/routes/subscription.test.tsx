import { findPlan, PLANS, STORAGE_KEYS, TEXT, toPlanChoice, type RoleRecord } from '@dispatch/shared';
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

async function openSubscription(role: RoleRecord = ROLES.user) {
  storeToken();
  stubApi({ '/api/config': config, ...sessionRoutes(user, role), [apiPaths.createPaymentIntent]: intent });
  const view = renderRoute('/subscription');
  await screen.findByRole('heading', { level: 1, name: TEXT.subscription.heading });
  return { ...view, person: userEvent.setup() };
}

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
    for (const feature of PLANS[0]!.features) expect(screen.getByText(feature)).toBeInTheDocument();
  });

  it('preselects the stored plan, with the price from the plan table rather than storage', async () => {
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
    expect(storedChoice()).toEqual(toPlanChoice(findPlan('individual')!));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay $300.00 for 5 Days' })).toBeInTheDocument();
  });

  it('tells a subscriber until when premium runs and that a new plan extends it', async () => {
    await openSubscription(ROLES.premium);

    const status = await screen.findByText(TEXT.subscriptionPage.activeUntil, { exact: false });
    expect(status).toHaveTextContent(TEXT.subscriptionPage.renewalExtends);
    expect(within(status).getByText(/\d{4}/)).toHaveAttribute('datetime', ROLES.premium.premiumTaken);
  });
});
