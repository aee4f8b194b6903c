import {
  findPlan,
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  SEED_PLANS,
  STORAGE_KEYS,
  SUBSCRIPTION_TEXT,
  TEXT,
  toPlanChoice,
  type Plan,
  type RoleRecord,
} from '@dispatch/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../test/api-stub';
import { articleCard, config } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken, testUser } from '../../test/session';
import { AppProviders } from '../providers';
import { createRoutes } from '../routes';

const user = testUser();
const SECRET = 'test_intent_secret';
const premiumUntil = new Date(Date.now() + 60 * 60 * 1000).toISOString();

function choosePlan(id: 'trial' | 'individual' | 'family') {
  window.localStorage.setItem(STORAGE_KEYS.subscriptionPlan, JSON.stringify(toPlanChoice(findPlan(SEED_PLANS, id)!)));
}

function stubPayment(confirm: (url: URL, request: StubRequest) => unknown, routes: Record<string, unknown> = {}) {
  let role: RoleRecord = ROLES.user;
  const api = stubApi({
    '/api/config': config,
    ...sessionRoutes(user),
    [apiPaths.role]: () => role,
    [apiPaths.createPaymentIntent]: (_url: URL, request: StubRequest) => {
      const { planId } = request.body as { planId: 'trial' | 'individual' | 'family' };
      return {
        clientSecret: SECRET,
        provider: 'test',
        planId,
        amount: findPlan(SEED_PLANS, planId)?.price ?? 0,
        currency: 'usd',
      };
    },
    [apiPaths.confirmPayment]: async (url: URL, request: StubRequest) => {
      const answer = await confirm(url, request);
      if (!(answer instanceof Response)) role = { role: 'user', premiumTaken: premiumUntil };
      return answer;
    },
    [apiPaths.premiumArticles]: {
      articles: [articleCard({ _id: 'p1', title: 'Inside the budget', isPremium: true })],
      total: 1,
    },
    ...routes,
  });
  return api;
}

const succeeded = () => ({ status: 'succeeded', premiumTaken: premiumUntil });

async function openPayment(confirm: (url: URL, request: StubRequest) => unknown = succeeded, plan = 'trial' as const) {
  storeToken();
  choosePlan(plan);
  const api = stubPayment(confirm);
  const view = renderRoute('/payment');
  await screen.findByLabelText(TEXT.paymentPage.cardNumber);
  return { api, ...view, person: userEvent.setup() };
}

async function fillCard(person: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await person.type(screen.getByLabelText(TEXT.paymentPage.cardNumber), number);
  await person.type(screen.getByLabelText(TEXT.paymentPage.expiry), '1240');
  await person.type(screen.getByLabelText(TEXT.paymentPage.cvc), '123');
}

describe('/payment', () => {
  it("heads the page with the stored plan's price and label and opens one intent for its id", async () => {
    storeToken();
    choosePlan('individual');
    const api = stubPayment(succeeded);
    const queryClient = createQueryClient();
    const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/payment'] });
    // StrictMode mounts twice in development: still one payment intent.
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay $300.00 for 5 Days' })).toBeInTheDocument();
    await screen.findByLabelText(TEXT.paymentPage.cardNumber);
    expect(api.calls(apiPaths.createPaymentIntent).map((request) => request.body)).toEqual([{ planId: 'individual' }]);
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeInTheDocument();
  });

  it('offers the 1-minute plan when no valid plan is stored', async () => {
    storeToken();
    window.localStorage.setItem(
      STORAGE_KEYS.subscriptionPlan,
      JSON.stringify({ label: '5 Days', value: 7200, price: 1 }),
    );
    const api = stubPayment(succeeded);
    const { router } = renderRoute('/payment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay $10.00 for 1 Minute' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    await screen.findByLabelText(TEXT.paymentPage.cardNumber);
    expect(api.calls(apiPaths.createPaymentIntent).map((request) => request.body)).toEqual([{ planId: 'trial' }]);
  });

  it("heads the page with the server's price for the stored plan's id, whatever storage says", async () => {
    storeToken();
    window.localStorage.setItem(
      STORAGE_KEYS.subscriptionPlan,
      JSON.stringify({ id: 'individual', label: '5 Days', value: 7200, price: 1 }),
    );
    const api = stubPayment(succeeded, { [apiPaths.plan('individual')]: { ...SEED_PLANS[1], price: 320 } });
    renderRoute('/payment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay $320.00 for 5 Days' })).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: TEXT.paymentPage.summary });
    expect(within(summary).getByText('$320.00')).toBeInTheDocument();
    expect(within(summary).getByText('Individual Premium')).toBeInTheDocument();
    expect(screen.queryByText('$1.00', { exact: false })).not.toBeInTheDocument();
    expect(api.requests(apiPaths.plan('individual'))).toHaveLength(1);
  });

  it('says a stored plan that is no longer offered cannot be bought, with a way back to the plans', async () => {
    storeToken();
    window.localStorage.setItem(
      STORAGE_KEYS.subscriptionPlan,
      JSON.stringify({ id: 'summer-sale', label: '5 Days', value: 7200, price: 2 }),
    );
    const api = stubPayment(succeeded);
    const { router } = renderRoute('/payment');

    expect(await screen.findByText(PLAN_MESSAGES.planUnavailable)).toBeInTheDocument();
    expect(screen.queryByLabelText(TEXT.paymentPage.cardNumber)).not.toBeInTheDocument();
    expect(api.calls(apiPaths.createPaymentIntent)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('link', { name: TEXT.paymentPage.changePlan }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('formats the card number and the expiry as they are typed', async () => {
    const { person } = await openPayment();

    await fillCard(person);

    expect(screen.getByLabelText(TEXT.paymentPage.cardNumber)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(TEXT.paymentPage.expiry)).toHaveValue('12/40');
    await person.type(screen.getByLabelText(TEXT.paymentPage.cvc), 'ab45');
    expect(screen.getByLabelText(TEXT.paymentPage.cvc)).toHaveValue('1234');
  });

  it('checks each field when it is left, next to the field', async () => {
    const { person } = await openPayment();

    await person.type(screen.getByLabelText(TEXT.paymentPage.cardNumber), '4242424242424241');
    await person.type(screen.getByLabelText(TEXT.paymentPage.expiry), '0120');
    await person.type(screen.getByLabelText(TEXT.paymentPage.cvc), '1');
    await person.tab();

    expect(screen.getByLabelText(TEXT.paymentPage.cardNumber)).toHaveAccessibleDescription(
      PAYMENT_MESSAGES.incorrectNumber,
    );
    expect(screen.getByLabelText(TEXT.paymentPage.expiry)).toHaveAccessibleDescription(PAYMENT_MESSAGES.expired);
    expect(screen.getByLabelText(TEXT.paymentPage.cvc)).toHaveAccessibleDescription(PAYMENT_MESSAGES.cvcInvalid);

    await person.clear(screen.getByLabelText(TEXT.paymentPage.cardNumber));
    await person.type(screen.getByLabelText(TEXT.paymentPage.cardNumber), '4242424242424242');
    expect(screen.queryByText(PAYMENT_MESSAGES.incorrectNumber)).not.toBeInTheDocument();
  });

  it('pays nothing and shows every problem when an empty form is submitted', async () => {
    const { api, person } = await openPayment();

    await person.click(screen.getByRole('button', { name: TEXT.payment.payNow }));

    expect(await screen.findByText(PAYMENT_MESSAGES.incorrectNumber)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.expiryInvalid)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.cvcInvalid)).toBeInTheDocument();
    expect(api.calls(apiPaths.confirmPayment)).toHaveLength(0);
  });

  it("pays, says 'Subscription successful!', shows Premium Articles in the navbar and opens the premium list", async () => {
    const { api, router, person } = await openPayment();

    await fillCard(person);
    await person.click(screen.getByRole('button', { name: TEXT.payment.payNow }));

    expect(await screen.findByText(TEXT.toast.subscriptionSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/premium-articles'));
    expect(await screen.findByRole('heading', { level: 1, name: TEXT.articles.premiumHeading })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Inside the budget' })).closest('article')!;
    expect(within(card).getByRole('link', { name: TEXT.articles.details })).toHaveAttribute('href', '/articles/p1');
    const navs = screen.getAllByRole('navigation', { name: TEXT.layout.mainNavigation, hidden: true });
    for (const nav of navs) {
      expect(within(nav).getByRole('link', { name: TEXT.nav.premiumArticles, hidden: true })).toHaveAttribute(
        'href',
        '/premium-articles',
      );
    }
    expect(api.calls(apiPaths.confirmPayment).map((request) => request.body)).toEqual([
      { clientSecret: SECRET, card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.subscriptionPlan)).not.toBeNull();
  });

  it("shows a declined card's message as a toast and beside Pay Now, and stays on the page", async () => {
    const { router, person } = await openPayment(() => errorResponse(402, PAYMENT_MESSAGES.cardDeclined));

    await fillCard(person, '4000000000000002');
    await person.click(screen.getByRole('button', { name: TEXT.payment.payNow }));

    const said = await screen.findAllByText(PAYMENT_MESSAGES.cardDeclined);
    expect(said).toHaveLength(2);
    const inline = said.find((element) => element.closest('form'));
    expect(inline).toHaveAttribute('role', 'alert');
    expect(inline!.nextElementSibling).toBe(screen.getByRole('button', { name: TEXT.payment.payNow }));
    expect(said.find((element) => element.closest('.Toastify'))).toBeDefined();
    expect(screen.queryByText(TEXT.toast.subscriptionSuccess)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    expect(screen.getByRole('button', { name: TEXT.payment.payNow })).toBeEnabled();
    expect(screen.queryByRole('link', { name: TEXT.nav.premiumArticles, hidden: true })).not.toBeInTheDocument();
  });

  it('holds Pay Now while the payment is on its way: a second press pays nothing', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api, router, person } = await openPayment(() => new Promise((resolve) => (answer = resolve)));

    await fillCard(person);
    await person.click(screen.getByRole('button', { name: TEXT.payment.payNow }));

    const button = screen.getByRole('button', { name: TEXT.payment.payNow });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveFocus();
    await person.click(button);
    expect(api.requests(apiPaths.confirmPayment)).toHaveLength(1);
    answer(succeeded());
    await waitFor(() => expect(router.state.location.pathname).toBe('/premium-articles'));
  });
});

describe('/payment for a plan that renews', () => {
  const monthly: Plan = {
    id: 'monthly',
    name: 'Monthly',
    price: 9,
    currency: 'usd',
    label: '1 Month',
    value: 43_200,
    features: ['Every premium article'],
    premiumArticles: null,
    familySeats: 1,
    position: 4,
    visibility: 'listed',
    renewsEvery: 'month',
    freeDays: 7,
  };

  /** The payment page for the monthly plan, the server's intent granting `freeDays` to this reader. */
  async function openCheckout(freeDays: number) {
    storeToken();
    window.localStorage.setItem(STORAGE_KEYS.subscriptionPlan, JSON.stringify(toPlanChoice(monthly)));
    stubPayment(succeeded, {
      [apiPaths.plan(monthly.id)]: monthly,
      [apiPaths.createPaymentIntent]: {
        clientSecret: SECRET,
        provider: 'test',
        planId: monthly.id,
        amount: 9,
        currency: 'usd',
        freeDays,
      },
    });
    renderRoute('/payment');
    await screen.findByLabelText(TEXT.paymentPage.cardNumber);
  }

  it("offers an account's first subscription its free days: nothing due today", async () => {
    await openCheckout(7);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Subscribe: 7 days free, then $9.00 a month' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBSCRIPTION_TEXT.startFreeDays })).toBeInTheDocument();
    const summary = within(screen.getByRole('complementary', { name: TEXT.paymentPage.summary }));
    expect(summary.getByText(SUBSCRIPTION_TEXT.dueToday)).toBeInTheDocument();
    expect(summary.getByText('$0.00')).toBeInTheDocument();
  });

  it('says a later subscription is charged at once, before the card is asked for, when the server gives no free days', async () => {
    await openCheckout(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Subscribe: $9.00 a month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBSCRIPTION_TEXT.subscribe })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SUBSCRIPTION_TEXT.startFreeDays })).not.toBeInTheDocument();
    const summary = within(screen.getByRole('complementary', { name: TEXT.paymentPage.summary }));
    expect(summary.getByText(TEXT.paymentPage.total)).toBeInTheDocument();
    expect(summary.getByText('$9.00')).toBeInTheDocument();
    expect(summary.getByText(SUBSCRIPTION_TEXT.checkoutRenews('month'))).toBeInTheDocument();
    expect(screen.queryByText(/days? free/)).not.toBeInTheDocument();
    expect(screen.queryByText(SUBSCRIPTION_TEXT.testNoteRenewing)).not.toBeInTheDocument();
  });
});
