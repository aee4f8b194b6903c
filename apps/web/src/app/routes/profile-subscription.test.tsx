import { PAYMENT_MESSAGES, SUBSCRIPTION_TEXT, TEXT, type Subscription } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../test/api-stub';
import { config, publishers } from '../../test/fixtures';
import { loadRouteModules, renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';

const user = testUser();
const T = SUBSCRIPTION_TEXT;
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

const trialing: Subscription = {
  _id: 'sub-1',
  planId: 'monthly',
  planName: 'Monthly Premium',
  price: 9,
  currency: 'usd',
  renewsEvery: 'month',
  status: 'trialing',
  cancelAtPeriodEnd: false,
  periodStart: '2099-03-01T10:00:00.000Z',
  periodEnd: '2099-03-08T10:00:00.000Z',
  nextChargeAt: '2099-03-08T10:00:00.000Z',
  graceEndsAt: null,
  cardLast4: '4242',
  endedAt: null,
  endedReason: null,
};

const pastDue: Subscription = {
  ...trialing,
  status: 'past_due',
  cardLast4: '0341',
  graceEndsAt: '2099-03-11T10:00:00.000Z',
};

/** /profile with the subscription the server holds, changed as the cancel, resume and card requests say. */
async function openProfile(initial: Subscription | null, pastDueRole = false, payments: 'test' | 'stripe' = 'test') {
  let current = initial;
  const sent: StubRequest[] = [];
  storeToken();
  stubApi({
    '/api/config': { ...config, payments, stripePublishableKey: payments === 'stripe' ? 'pk_test_x' : null },
    '/api/publishers': publishers,
    [apiPaths.subscriptionPortal]: (_url: URL, request: StubRequest) => {
      sent.push(request);
      return { url: 'https://billing.stripe.test/session/bps_1' };
    },
    ...sessionRoutes(user, { role: 'user', premiumTaken: null, ...(pastDueRole && { pastDue: true as const }) }),
    [apiPaths.billingHistory]: { premiumTaken: null, payments: [] },
    [apiPaths.userAccess]: { until: null, active: false, source: null, plan: null, premiumArticles: null },
    [apiPaths.giftLinks]: { links: [], usedThisMonth: 0, allowedPerMonth: 5 },
    [apiPaths.mailPreferences]: { mailEnabled: true, emailVerified: true, kinds: [] },
    [apiPaths.briefMe]: { subscription: null },
    [apiPaths.subscription]: () => ({ subscription: current }),
    [apiPaths.subscriptionCancel]: (_url: URL, request: StubRequest) => {
      sent.push(request);
      current = { ...current!, cancelAtPeriodEnd: true, nextChargeAt: null };
      return { subscription: current };
    },
    [apiPaths.subscriptionResume]: (_url: URL, request: StubRequest) => {
      sent.push(request);
      current = { ...current!, cancelAtPeriodEnd: false, nextChargeAt: current!.periodEnd };
      return { subscription: current };
    },
    [apiPaths.subscriptionCard]: (_url: URL, request: StubRequest) => {
      sent.push(request);
      const { card } = request.body as { card: { number: string } };
      if (card.number.endsWith('0341')) return errorResponse(402, PAYMENT_MESSAGES.cardDeclined);
      current = { ...current!, status: 'active', cardLast4: '4242', graceEndsAt: null };
      return { subscription: current };
    },
  });
  renderRoute('/profile');
  return { sent, person: userEvent.setup() };
}

describe('/profile: the renewing subscription', () => {
  beforeAll(() => loadRouteModules('/profile'));

  it('shows free days and the first charge, cancels after a confirmation, and resumes', async () => {
    const { sent, person } = await openProfile(trialing);
    const panel = await screen.findByRole('region', { name: T.heading });
    expect(within(panel).getByText(T.statuses.trialing)).toBeInTheDocument();
    expect(within(panel).getByText(T.freeUntil(day(trialing.periodEnd), '$9.00'))).toBeInTheDocument();
    expect(within(panel).getByText(T.card('4242'))).toBeInTheDocument();

    await person.click(within(panel).getByRole('button', { name: T.cancel }));
    const dialog = await screen.findByRole('alertdialog', { name: T.cancelTitle });
    expect(dialog).toHaveTextContent(T.cancelBody(day(trialing.periodEnd)));
    expect(sent).toHaveLength(0);
    await person.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(within(panel).getByText(T.statuses.cancelled)).toBeInTheDocument());
    expect(sent.map((request) => request.url.pathname)).toEqual([apiPaths.subscriptionCancel]);
    expect(within(panel).getByText(T.endsOn(day(trialing.periodEnd)))).toBeInTheDocument();

    await person.click(within(panel).getByRole('button', { name: T.resume }));
    await waitFor(() => expect(within(panel).getByText(T.statuses.trialing)).toBeInTheDocument());
    expect(sent.map((request) => request.url.pathname)).toEqual([
      apiPaths.subscriptionCancel,
      apiPaths.subscriptionResume,
    ]);
  });

  it('asks for another card while past due: a declined one says so, a good one makes it active again', async () => {
    const { sent, person } = await openProfile(pastDue, true);
    const panel = await screen.findByRole('region', { name: T.heading });
    expect(within(panel).getByRole('alert')).toHaveTextContent(T.pastDue('$9.00', day(pastDue.graceEndsAt!)));
    // Every page says so, with the way to fix it.
    expect(await screen.findByRole('link', { name: T.bannerAction })).toHaveAttribute('href', '/profile#subscription');

    const form = within(panel).getByRole('form', { name: T.newCard });
    const fill = async (number: string) => {
      const field = within(form).getByLabelText(TEXT.paymentPage.cardNumber);
      await person.clear(field);
      await person.type(field, number);
      await person.clear(within(form).getByLabelText(TEXT.paymentPage.expiry));
      await person.type(within(form).getByLabelText(TEXT.paymentPage.expiry), '1234');
      await person.clear(within(form).getByLabelText(TEXT.paymentPage.cvc));
      await person.type(within(form).getByLabelText(TEXT.paymentPage.cvc), '123');
      await person.click(within(form).getByRole('button', { name: T.payWithCard }));
    };
    await fill('4000000000000341');
    expect(await within(form).findByText(PAYMENT_MESSAGES.cardDeclined)).toBeInTheDocument();
    expect(within(panel).getByText(T.statuses.past_due)).toBeInTheDocument();

    await fill('4242424242424242');
    await waitFor(() => expect(within(panel).getByText(T.statuses.active)).toBeInTheDocument());
    expect(within(panel).getByText(T.card('4242'))).toBeInTheDocument();
    expect(sent.filter((request) => request.url.pathname === apiPaths.subscriptionCard)).toHaveLength(2);
  });

  it("sends a Stripe site's reader to Stripe's portal to change the card, with no test card form", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const { sent, person } = await openProfile({ ...pastDue, cardLast4: null }, true, 'stripe');
      const panel = await screen.findByRole('region', { name: T.heading });
      expect(within(panel).queryByRole('form', { name: T.newCard })).toBeNull();
      expect(within(panel).queryByText(/Card on file/)).toBeNull();
      await person.click(within(panel).getByRole('button', { name: T.changeCardAtStripe }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/session/bps_1'));
      expect(sent.map((request) => request.url.pathname)).toEqual([apiPaths.subscriptionPortal]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows no subscription section to a reader who never had one, and no banner', async () => {
    await openProfile(null);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('status', { name: /loading/i })).toBeNull());
    expect(screen.queryByRole('region', { name: T.heading })).toBeNull();
    expect(screen.queryByRole('link', { name: T.bannerAction })).toBeNull();
  });
});
