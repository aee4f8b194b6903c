import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import {
  cancelNow,
  failureApplies,
  grantedPeriod,
  isNewer,
  paidAsAsked,
  periodAfterPaid,
  portalUrl,
  productIdFor,
  readBillingEvent,
  setCancelAtPeriodEnd,
  startStripeSubscription,
  type BillingEvent,
  type PaidEvent,
  type PaymentFailedEvent,
  type RenewingPlan,
  type StripeCheckout,
  type UpdatedEvent,
} from './stripe-billing.js';
import { createStripeClient } from '../payments/stripe-provider.js';

const WEBHOOK_SECRET = 'whsec_billing_test';
const MONTHLY: RenewingPlan = {
  name: 'Monthly',
  amount: 900,
  currency: 'usd',
  durationMinutes: 43_200,
  features: ['Every premium article'],
  premiumArticles: null,
  renewsEvery: 'month',
};
const YEARLY_WITH_FREE_DAYS: RenewingPlan = {
  ...MONTHLY,
  name: 'Yearly',
  amount: 9_900,
  renewsEvery: 'year',
  freeDays: 14,
};
const at = (iso: string) => new Date(iso);

describe('Stripe Billing against the stand-in for Stripe’s API', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripeClient({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, api: standIn.api });
  });
  afterAll(() => standIn.close());

  const checkout = (overrides: Partial<StripeCheckout> = {}): StripeCheckout => ({
    localSubscriptionId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    customerEmail: 'reader@example.com',
    planId: 'monthly',
    plan: MONTHLY,
    ...overrides,
  });
  const since = (count: number) => standIn.requests.slice(count);

  it('opens an incomplete subscription in cents from the snapshot and hands out the first invoice’s client secret', async () => {
    const before = standIn.requests.length;
    const order = checkout();
    const started = await startStripeSubscription(stripe, order);

    expect(started).toMatchObject({ status: 'incomplete', kind: 'payment' });
    expect(started.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const invoice = standIn.invoices.get(standIn.subscriptions.get(started.subscriptionId)!.latest_invoice as string)!;
    expect(started.clientSecret).toBe((invoice.confirmation_secret as { client_secret: string }).client_secret);

    const [customer, productLookup, product, subscription, ...rest] = since(before);
    expect(rest).toEqual([]);
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(customer!.idempotencyKey).toBe(`dispatch-customer-${order.localSubscriptionId}`);
    expect(customer!.params).toEqual({ email: 'reader@example.com', metadata: { userId: order.userId } });
    const productId = productIdFor('monthly', 'Monthly');
    expect(productLookup).toMatchObject({ method: 'GET', path: `/v1/products/${productId}` });
    expect(product).toMatchObject({ method: 'POST', path: '/v1/products' });
    expect(product!.params).toEqual({ id: productId, name: 'Monthly', metadata: { planId: 'monthly' } });

    expect(subscription).toMatchObject({ method: 'POST', path: '/v1/subscriptions' });
    expect(subscription!.idempotencyKey).toBe(`dispatch-subscription-${order.localSubscriptionId}`);
    const form = subscription!.form;
    expect(form.get('customer')).toBe(started.customerId);
    expect(form.get('items[0][price_data][unit_amount]')).toBe('900');
    expect(form.get('items[0][price_data][currency]')).toBe('usd');
    expect(form.get('items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('items[0][price_data][product]')).toBe(productId);
    expect(form.get('payment_behavior')).toBe('default_incomplete');
    expect(form.get('payment_settings[save_default_payment_method]')).toBe('on_subscription');
    expect(form.has('trial_period_days')).toBe(false);
    expect(form.has('trial_settings[end_behavior][missing_payment_method]')).toBe(false);
    expect(subscription!.params.metadata).toEqual({
      localSubscriptionId: order.localSubscriptionId,
      userId: order.userId,
      planId: 'monthly',
    });
    expect(form.getAll('expand[0]')).toEqual(['latest_invoice.confirmation_secret']);
    expect(form.getAll('expand[1]')).toEqual(['pending_setup_intent']);
    // The SDK speaks the API version the fixtures are written for.
    expect(subscription!.stripeVersion).toBe(fixture('invoice.paid.json').api_version);
  });

  it('starts free days as a trial and hands out the SetupIntent’s client secret, charging nothing now', async () => {
    const before = standIn.requests.length;
    const started = await startStripeSubscription(stripe, checkout({ planId: 'yearly', plan: YEARLY_WITH_FREE_DAYS }));

    expect(started).toMatchObject({ status: 'trialing', kind: 'setup' });
    expect(started.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    const [subscription] = since(before).filter((request) => request.path === '/v1/subscriptions');
    expect(subscription!.form.get('trial_period_days')).toBe('14');
    expect(subscription!.form.get('trial_settings[end_behavior][missing_payment_method]')).toBe('cancel');
    expect(subscription!.form.get('items[0][price_data][unit_amount]')).toBe('9900');
    expect(subscription!.form.get('items[0][price_data][recurring][interval]')).toBe('year');
    const invoice = standIn.invoices.get(standIn.subscriptions.get(started.subscriptionId)!.latest_invoice as string)!;
    expect(invoice).toMatchObject({ amount_due: 0, status: 'paid' });
  });

  it('reuses the reader’s Stripe customer, and makes a new one when Stripe no longer has it', async () => {
    const first = await startStripeSubscription(stripe, checkout());
    const before = standIn.requests.length;
    const again = await startStripeSubscription(stripe, checkout({ existingCustomerId: first.customerId }));
    expect(again.customerId).toBe(first.customerId);
    expect(since(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/customers/${first.customerId}`,
      `GET /v1/products/${productIdFor('monthly', 'Monthly')}`,
      'POST /v1/subscriptions',
    ]);

    standIn.deleteCustomer(first.customerId);
    const afterDeletion = await startStripeSubscription(stripe, checkout({ existingCustomerId: first.customerId }));
    expect(afterDeletion.customerId).not.toBe(first.customerId);
    const unknown = await startStripeSubscription(stripe, checkout({ existingCustomerId: 'cus_neverExisted' }));
    expect(unknown.customerId).not.toBe(first.customerId);
  });

  it('creates nothing twice when checkout is retried, nor when Stripe’s answer was lost and the SDK retried', async () => {
    const order = checkout();
    const customers = standIn.customers.size;
    const subscriptions = standIn.subscriptions.size;
    const first = await startStripeSubscription(stripe, order);
    const retried = await startStripeSubscription(stripe, order);
    expect(retried).toEqual(first);
    expect(standIn.customers.size).toBe(customers + 1);
    expect(standIn.subscriptions.size).toBe(subscriptions + 1);
    const replays = standIn.requestsTo('POST', '/v1/subscriptions').filter((request) => request.replayed);
    expect(replays.map((request) => request.idempotencyKey)).toEqual([
      `dispatch-subscription-${order.localSubscriptionId}`,
    ]);

    const lostOrder = checkout();
    standIn.loseAnswerTo('POST', '/v1/subscriptions');
    const before = standIn.requests.length;
    const afterLoss = await startStripeSubscription(stripe, lostOrder);
    const sent = since(before).filter((request) => request.path === '/v1/subscriptions');
    expect(sent).toHaveLength(2);
    expect(sent.map((request) => request.idempotencyKey)).toEqual([
      `dispatch-subscription-${lostOrder.localSubscriptionId}`,
      `dispatch-subscription-${lostOrder.localSubscriptionId}`,
    ]);
    expect(sent[1]!.replayed).toBe(true);
    expect(standIn.subscriptions.size).toBe(subscriptions + 2);
    expect(standIn.subscriptions.has(afterLoss.subscriptionId)).toBe(true);
  });

  it('sells one product per plan and name: a later checkout finds it, a renamed plan gets its own', async () => {
    await startStripeSubscription(stripe, checkout());
    const before = standIn.requests.length;
    await startStripeSubscription(stripe, checkout());
    expect(since(before).filter((request) => request.path === '/v1/products')).toEqual([]);

    const renamed = { ...MONTHLY, name: 'Monthly, all of it' };
    const started = await startStripeSubscription(stripe, checkout({ plan: renamed }));
    const product = standIn.subscriptions.get(started.subscriptionId)!.items as {
      data: { price: { product: string } }[];
    };
    expect(product.data[0]!.price.product).toBe(productIdFor('monthly', 'Monthly, all of it'));
    expect(standIn.products.get(productIdFor('monthly', 'Monthly, all of it'))).toMatchObject({
      name: 'Monthly, all of it',
    });
  });

  it('cancels at the period’s end, resumes, cancels at once (twice harmlessly) and opens the portal for a card', async () => {
    const started = await startStripeSubscription(stripe, checkout());
    const periodEnd = (
      standIn.subscriptions.get(started.subscriptionId)!.items as { data: { current_period_end: number }[] }
    ).data[0]!.current_period_end;

    const cancelled = await setCancelAtPeriodEnd(stripe, started.subscriptionId, true);
    expect(cancelled).toMatchObject({
      cancelAtPeriodEnd: true,
      hasPaymentMethod: false,
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${started.subscriptionId}`,
    });
    expect(standIn.requests.at(-1)!.params).toEqual({ cancel_at_period_end: 'true' });

    const resumed = await setCancelAtPeriodEnd(stripe, started.subscriptionId, false);
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect(standIn.requests.at(-1)!.params).toEqual({ cancel_at_period_end: 'false' });

    const ended = await cancelNow(stripe, started.subscriptionId);
    expect(ended.status).toBe('canceled');
    expect(standIn.requestsTo('DELETE', `/v1/subscriptions/${started.subscriptionId}`)).toHaveLength(1);
    expect((await cancelNow(stripe, started.subscriptionId)).status).toBe('canceled');

    const url = await portalUrl(stripe, started.customerId, 'http://127.0.0.1:3000/profile', 'payment_method_update');
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
    expect(standIn.requests.at(-1)!.params).toEqual({
      customer: started.customerId,
      return_url: 'http://127.0.0.1:3000/profile',
      flow_data: { type: 'payment_method_update' },
    });
  });

  describe('webhooks, from fixtures signed as Stripe signs them', () => {
    const verified = (name: string): Stripe.Event => {
      const payload = raw(name);
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return stripe.webhooks.constructEvent(payload, signature, WEBHOOK_SECRET);
    };
    const read = <T extends BillingEvent>(name: string) => readBillingEvent(verified(name)) as T;

    const subscription = {
      subscriptionRef: 'sub_1TfX8dispatchM01',
      localSubscriptionId: '7b0c6d3e-4f7a-4a59-9a44-3c1f0e2b8d11',
    };

    it.each<[string, BillingEvent]>([
      [
        'invoice.paid.json',
        {
          kind: 'paid',
          eventId: 'evt_1TfX8dispatchPaidDec',
          eventCreated: at('2026-12-02T11:05:00Z'),
          ...subscription,
          invoiceId: 'in_1TfX8dispatchDec',
          // The line's period, not the invoice's own period_start/end (November, the window before).
          periodStart: at('2026-12-01T10:00:00Z'),
          periodEnd: at('2027-01-01T10:00:00Z'),
          amount: 900,
          currency: 'usd',
          billingReason: 'subscription_cycle',
        },
      ],
      [
        'invoice.payment_failed.json',
        {
          kind: 'payment_failed',
          eventId: 'evt_1TfX8dispatchFailDec',
          eventCreated: at('2026-12-01T11:00:08Z'),
          ...subscription,
          invoiceId: 'in_1TfX8dispatchDec',
          periodStart: at('2026-12-01T10:00:00Z'),
          periodEnd: at('2027-01-01T10:00:00Z'),
          amount: 900,
          currency: 'usd',
          billingReason: 'subscription_cycle',
          attemptCount: 1,
          nextAttemptAt: at('2026-12-02T11:00:08Z'),
        },
      ],
      [
        'customer.subscription.updated.json',
        {
          kind: 'updated',
          eventId: 'evt_1TfX8dispatchCancel',
          eventCreated: at('2026-12-12T09:00:00Z'),
          ...subscription,
          customerId: 'cus_TfX8dispatch01',
          status: 'active',
          cancelAtPeriodEnd: true,
          hasPaymentMethod: true,
          currentPeriodEnd: at('2027-01-01T10:00:00Z'),
        },
      ],
      [
        'customer.subscription.deleted.json',
        {
          kind: 'deleted',
          eventId: 'evt_1TfX8dispatchDeleted',
          eventCreated: at('2027-01-01T10:00:02Z'),
          ...subscription,
          endedAt: at('2027-01-01T10:00:00Z'),
          reason: 'cancelled',
        },
      ],
      [
        'invoice.paid.free-days.json',
        {
          kind: 'paid',
          eventId: 'evt_1TfX8dispatchPaidTrial',
          eventCreated: at('2026-11-20T08:00:03Z'),
          subscriptionRef: 'sub_1TfX8dispatchY01',
          localSubscriptionId: 'c4e2a9b1-8d3f-4b6a-a7c5-0e9f1d2b3a47',
          invoiceId: 'in_1TfX8dispatchTrial',
          periodStart: at('2026-11-20T08:00:00Z'),
          periodEnd: at('2026-12-04T08:00:00Z'),
          amount: 0,
          currency: 'usd',
          billingReason: 'subscription_create',
        },
      ],
    ])('reads %s once its signature is verified', (name, expected) => {
      expect(readBillingEvent(verified(name))).toEqual(expected);
    });

    it('refuses a fixture signed with another secret, a forged header or a tampered body', () => {
      const payload = raw('invoice.paid.json');
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
      const tampered = payload.replace('"amount_paid": 900', '"amount_paid": 90000');
      expect(tampered).not.toBe(payload);
      for (const [body, header] of [
        [payload, wrongSecret],
        [payload, 't=1,v1=abc'],
        [payload, ''],
        [tampered, signature],
      ] as const) {
        expect(() => stripe.webhooks.constructEvent(body, header, WEBHOOK_SECRET)).toThrow(
          stripe.errors.StripeSignatureVerificationError,
        );
      }
    });

    it('reads nothing from other events, nor from an invoice that is no subscription’s', () => {
      const succeeded = { ...fixture('invoice.paid.json'), type: 'payment_intent.succeeded' };
      expect(readBillingEvent(succeeded as unknown as Stripe.Event)).toBeUndefined();
      const oneOff = fixture('invoice.paid.json');
      const invoice = (oneOff.data as { object: Record<string, unknown> }).object;
      invoice.parent = null;
      invoice.lines = { object: 'list', data: [], has_more: false, url: '/v1/invoices/in_x/lines' };
      expect(readBillingEvent(oneOff as unknown as Stripe.Event)).toBeUndefined();
    });

    it('never moves the period back when an older invoice.paid arrives after a newer one', () => {
      const older = read<PaidEvent>('invoice.paid.first-period.json');
      const newer = read<PaidEvent>('invoice.paid.json');
      const period = (event: PaidEvent) => ({ start: event.periodStart, end: event.periodEnd });

      const inOrder = periodAfterPaid(periodAfterPaid(null, period(older)).period, period(newer));
      expect(inOrder).toEqual({ period: period(newer), moved: true });

      const current = periodAfterPaid(null, period(newer)).period;
      const late = periodAfterPaid(current, period(older));
      expect(late).toEqual({ period: period(newer), moved: false });
      // The same period paid again (a second event for it) moves nothing either.
      expect(periodAfterPaid(current, period(newer)).moved).toBe(false);
    });

    it('applies no customer.subscription.updated that Stripe created before the last one applied', () => {
      const older = read<UpdatedEvent>('customer.subscription.updated.resumed.json');
      const newer = read<UpdatedEvent>('customer.subscription.updated.json');
      expect(older.cancelAtPeriodEnd).toBe(false);
      expect(newer.cancelAtPeriodEnd).toBe(true);

      expect(isNewer(older.eventCreated, null)).toBe(true);
      expect(isNewer(newer.eventCreated, older.eventCreated)).toBe(true);
      expect(isNewer(older.eventCreated, newer.eventCreated)).toBe(false);
      // Same second: Stripe's order cannot be told, the later delivery is applied.
      expect(isNewer(newer.eventCreated, newer.eventCreated)).toBe(true);
    });

    it('makes a subscription past due only for a failure in a period not yet paid', () => {
      const november = read<PaidEvent>('invoice.paid.first-period.json');
      const failed = read<PaymentFailedEvent>('invoice.payment_failed.json');
      const december = read<PaidEvent>('invoice.paid.json');
      const paidThrough = (event: PaidEvent) => ({ start: event.periodStart, end: event.periodEnd });

      expect(failureApplies(failed, paidThrough(november))).toBe(true);
      // Reported after the retry paid December: nothing to do.
      expect(failureApplies(failed, paidThrough(december))).toBe(false);
      expect(failureApplies({ ...failed, billingReason: 'subscription_create' }, null)).toBe(false);
    });

    it('grants an invoice at most its plan’s interval from its line’s start, a day’s slack, as the calendar counts', () => {
      const december = read<PaidEvent>('invoice.paid.json');
      const freeDays = read<PaidEvent>('invoice.paid.free-days.json');
      const line = (start: string, end: string) => ({ ...december, periodStart: at(start), periodEnd: at(end) });
      // As sent: Stripe's own periods, and one a day longer (a billing anchor, a trial's end).
      expect(grantedPeriod(december, MONTHLY)).toEqual({
        start: december.periodStart,
        end: december.periodEnd,
        bounded: false,
      });
      expect(grantedPeriod(freeDays, YEARLY_WITH_FREE_DAYS)).toMatchObject({
        end: at('2026-12-04T08:00:00Z'),
        bounded: false,
      });
      expect(grantedPeriod(line('2026-12-01T10:00:00Z', '2027-01-02T10:00:00Z'), MONTHLY).bounded).toBe(false);
      // 31 January + 1 month is 28 February; more than a day past it is cut back to it.
      const january = {
        ...line('2027-01-31T10:00:00Z', '2027-03-31T10:00:00Z'),
        eventCreated: at('2027-01-31T11:00:00Z'),
      };
      expect(grantedPeriod(january, MONTHLY)).toEqual({
        start: at('2027-01-31T10:00:00Z'),
        end: at('2027-02-28T10:00:00Z'),
        bounded: true,
      });
      expect(grantedPeriod(line('2026-12-01T10:00:00Z', '2036-12-01T10:00:00Z'), YEARLY_WITH_FREE_DAYS).end).toEqual(
        at('2027-12-01T10:00:00Z'),
      );
      // Free days grant the plan's free days, whatever the line says.
      const longTrial = { ...freeDays, periodEnd: at('2027-11-20T08:00:00Z') };
      expect(grantedPeriod(longTrial, YEARLY_WITH_FREE_DAYS).end).toEqual(at('2026-12-04T08:00:00Z'));
      // A line starting after its event counts from the event.
      const ahead = line('2030-12-01T10:00:00Z', '2031-01-01T10:00:00Z');
      expect(grantedPeriod(ahead, MONTHLY)).toEqual({
        start: december.eventCreated,
        end: at('2027-01-02T11:05:00Z'),
        bounded: true,
      });
    });

    it('grants only what the snapshot asks: its amount in its currency, or nothing for free days at checkout', () => {
      const december = read<PaidEvent>('invoice.paid.json');
      const freeDays = read<PaidEvent>('invoice.paid.free-days.json');
      expect(paidAsAsked(december, MONTHLY)).toBe(true);
      expect(paidAsAsked({ ...december, currency: 'USD' }, MONTHLY)).toBe(true);
      expect(paidAsAsked({ ...december, amount: 899 }, MONTHLY)).toBe(false);
      expect(paidAsAsked({ ...december, currency: 'eur' }, MONTHLY)).toBe(false);
      expect(paidAsAsked(freeDays, YEARLY_WITH_FREE_DAYS)).toBe(true);
      expect(paidAsAsked(freeDays, MONTHLY)).toBe(false);
      expect(paidAsAsked({ ...freeDays, billingReason: 'subscription_cycle' }, YEARLY_WITH_FREE_DAYS)).toBe(false);
    });
  });
});

function raw(name: string): string {
  return readFileSync(new URL(`./__fixtures__/stripe/${name}`, import.meta.url), 'utf8');
}

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(raw(name)) as Record<string, unknown>;
}
