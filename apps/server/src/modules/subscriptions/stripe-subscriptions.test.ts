import {
  PAYMENT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type ErrorResponse,
  type MySubscription,
  type PaymentIntent,
  type SubscriptionPortal,
} from '@dispatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, paymentIntents, stripeCustomers, subscriptions, users } from '../../db/schema.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import {
  createStripeTestContext,
  DECEMBER,
  FREE_DAYS_END,
  FREE_DAYS_START,
  fixtureEvent,
  JANUARY,
  NOVEMBER,
  type StripeStory,
  type StripeTestContext,
} from '../../test/stripe-context.js';
import type { StripeStandIn } from '../../test/stripe-stand-in.js';
import type { TestContext } from '../../test/test-app.js';

/*
 * Renewing plans with Stripe Billing, end to end on the server: checkout against the stand-in for Stripe's API, then
 * Stripe's signed webhooks built from the fixtures (__fixtures__/stripe/README.md) with the ids of the subscription
 * the checkout opened.
 */

const WEBHOOK_SECRET = 'whsec_subscriptions_test';
const at = (iso: string) => new Date(iso);

interface Opened extends StripeStory {
  token: string;
  email: string;
}

describe('renewing plans with Stripe Billing', () => {
  let stripeTest: StripeTestContext;
  let ctx: TestContext;
  let standIn: StripeStandIn;
  let stories = 0;

  beforeAll(async () => {
    stripeTest = await createStripeTestContext(WEBHOOK_SECRET, { SMTP_URL: 'smtp://127.0.0.1:2525' });
    ({ ctx, standIn } = stripeTest);
  });
  afterAll(() => stripeTest?.close());
  // The server's clock stays at checkout (a session would not last a month of it): what the events change is
  // read from them, and access never depends on when they arrive.
  beforeEach(() => ctx.clock.set(NOVEMBER));

  const db = () => ctx.database.db;
  const checkout = (token: string, planId: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(token), payload: { planId } });
  const post = (token: string, url: string) => ctx.app.inject({ method: 'POST', url, headers: bearer(token) });
  const mine = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/subscription', headers: bearer(token) })).json<MySubscription>()
      .subscription;
  const premiumOf = async (userId: string) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0]!.premiumUntil;
  const rowOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
  const paymentsOf = (userId: string) =>
    db().select().from(paymentIntents).where(eq(paymentIntents.userId, userId)).orderBy(paymentIntents.createdAt);
  const mails = (kind: string, email: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, email)));

  /** A reader's checkout of a renewing plan: the subscription Stripe opened for it, and its local id. */
  async function open(planId: 'monthly' | 'yearly'): Promise<Opened & { intent: PaymentIntent }> {
    const { token, user } = await signedInUser(ctx.app, db());
    const response = await checkout(token, planId);
    expect(response.statusCode).toBe(200);
    const intent = response.json<PaymentIntent>();
    const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.clientSecret, intent.clientSecret));
    const subscription = [...standIn.subscriptions.values()].find(
      (candidate) => (candidate.metadata as Record<string, string>).localSubscriptionId === row!.id,
    )!;
    stories += 1;
    return {
      token,
      userId: user.id,
      email: user.email,
      localId: row!.id,
      subscriptionRef: subscription.id,
      tag: `S${stories}x`,
      intent,
    };
  }

  /**
   * A fixture as Stripe would send it for this story: its subscription, local id and reader; event and invoice ids
   * of its own (`again` makes another delivery of the same change: a new event id); `patch` edits the event.
   */
  function event(
    file: string,
    story: Opened,
    options: { again?: string; patch?: (event: Record<string, unknown>) => void } = {},
  ): string {
    const parsed = fixtureEvent(file, story);
    if (options.again) parsed.id = `${String(parsed.id)}_${options.again}`;
    options.patch?.(parsed);
    return JSON.stringify(parsed);
  }
  const deliver = (payload: string) => stripeTest.deliver(payload);
  async function deliverOk(payload: string, duplicate = false) {
    const response = await deliver(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate });
  }
  /** Checkout, then its first invoice paid: an active monthly subscription, 1 Nov – 1 Dec. */
  async function subscribed(): Promise<Opened> {
    const story = await open('monthly');
    await deliverOk(event('invoice.paid.first-period.json', story));
    return story;
  }

  it('checks out a monthly plan: an incomplete subscription at Stripe at the plan’s price, its invoice’s secret to confirm', async () => {
    const before = standIn.requests.length;
    const story = await open('monthly');
    expect(story.intent).toMatchObject({
      provider: 'stripe',
      planId: 'monthly',
      amount: 9,
      currency: 'usd',
      kind: 'payment',
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    const sent = standIn.requests.slice(before);
    const customer = sent.find((request) => request.method === 'POST' && request.path === '/v1/customers')!;
    expect(customer.params).toMatchObject({ email: story.email, metadata: { userId: story.userId } });
    const created = sent.find((request) => request.method === 'POST' && request.path === '/v1/subscriptions')!;
    expect(created.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      items: [{ price_data: { unit_amount: '900', currency: 'usd', recurring: { interval: 'month' } } }],
      metadata: { localSubscriptionId: story.localId, userId: story.userId, planId: 'monthly' },
    });
    expect(created.params.trial_period_days).toBeUndefined();
    expect(created.idempotencyKey).toBe(`dispatch-subscription-${story.localId}`);
    // Nothing starts before Stripe says the invoice is paid: the intent waits, no subscription row, no premium.
    const [intent] = await paymentsOf(story.userId);
    expect(intent).toMatchObject({ id: story.localId, provider: 'stripe', status: 'requires_payment', amount: 900 });
    expect(await rowOf(story.localId)).toBeUndefined();
    expect(await premiumOf(story.userId)).toBeNull();
    const [kept] = await db().select().from(stripeCustomers).where(eq(stripeCustomers.userId, story.userId));
    expect(standIn.customers.has(kept!.customerId)).toBe(true);

    // The reader's next checkout reuses their customer at Stripe.
    const customersBefore = standIn.customers.size;
    expect((await checkout(story.token, 'monthly')).statusCode).toBe(200);
    expect(standIn.customers.size).toBe(customersBefore);
    expect(standIn.requestsTo('GET', `/v1/customers/${kept!.customerId}`)).toHaveLength(1);
  });

  it('checks out a plan with free days: a SetupIntent’s secret (kind setup) and the trial asked of Stripe', async () => {
    ctx.clock.set(FREE_DAYS_START);
    const before = standIn.requests.length;
    const story = await open('yearly');
    expect(story.intent).toMatchObject({
      kind: 'setup',
      amount: 99,
      freeDays: 14,
      clientSecret: expect.stringMatching(/^seti_/),
    });
    const created = standIn.requests
      .slice(before)
      .find((request) => request.method === 'POST' && request.path === '/v1/subscriptions')!;
    expect(created.params).toMatchObject({
      trial_period_days: '14',
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      items: [{ price_data: { unit_amount: '9900', recurring: { interval: 'year' } } }],
    });

    // Its 0 invoice paid: the free days start, premium to their end, no receipt.
    await deliverOk(event('invoice.paid.free-days.json', story));
    expect(await rowOf(story.localId)).toMatchObject({
      provider: 'stripe',
      providerRef: story.subscriptionRef,
      status: 'trialing',
      periodStart: FREE_DAYS_START,
      periodEnd: FREE_DAYS_END,
      nextAttemptAt: null,
    });
    expect(await premiumOf(story.userId)).toEqual(FREE_DAYS_END);
    expect(await paymentsOf(story.userId)).toMatchObject([
      { kind: 'free_days', amount: 0, status: 'succeeded', subscriptionId: story.localId, periodEnd: FREE_DAYS_END },
    ]);
    expect(await mails('receipt', story.email)).toHaveLength(0);
    expect(await mine(story.token)).toMatchObject({ status: 'trialing', nextChargeAt: FREE_DAYS_END.toISOString() });
  });

  it('asks Stripe for no free days on a reader’s second subscription: its first period is paid at checkout', async () => {
    const story = await subscribed();
    await deliverOk(event('customer.subscription.deleted.json', story));
    expect(await mine(story.token)).toMatchObject({ status: 'ended' });
    const before = standIn.requests.length;
    const setupIntents = standIn.setupIntents.size;
    const response = await checkout(story.token, 'yearly');
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentIntent>()).toMatchObject({
      kind: 'payment',
      freeDays: 0,
      amount: 99,
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    const created = standIn.requests
      .slice(before)
      .find((request) => request.method === 'POST' && request.path === '/v1/subscriptions')!;
    expect(created.params).toMatchObject({ items: [{ price_data: { unit_amount: '9900' } }] });
    expect(created.params.trial_period_days).toBeUndefined();
    expect(created.params.trial_settings).toBeUndefined();
    expect(standIn.setupIntents.size).toBe(setupIntents);
  });

  it('waits for checkout’s intent when Stripe’s first invoice arrives before it (Stripe delivers it again)', async () => {
    const story = await open('monthly');
    await db().delete(paymentIntents).where(eq(paymentIntents.id, story.localId));
    const payload = event('invoice.paid.first-period.json', story);
    const early = await deliver(payload);
    expect([early.statusCode, early.json<ErrorResponse>().message]).toEqual([
      409,
      SUBSCRIPTION_MESSAGES.checkoutNotSaved,
    ]);
    expect(await rowOf(story.localId)).toBeUndefined();
  });

  it('grants nothing for an invoice paid at another amount than the plan’s', async () => {
    const story = await open('monthly');
    await deliverOk(
      event('invoice.paid.first-period.json', story, {
        patch: (parsed) => {
          (parsed.data as { object: { amount_paid: number } }).object.amount_paid = 100;
        },
      }),
    );
    expect(await rowOf(story.localId)).toBeUndefined();
    expect(await premiumOf(story.userId)).toBeNull();
  });

  it('follows a subscription through Stripe’s events, in order, late and replayed, and never shortens access', async () => {
    const story = await open('monthly');
    const first = event('invoice.paid.first-period.json', story);

    // Checkout's invoice paid: the subscription starts, premium to the line's end, a receipt.
    await deliverOk(first);
    expect(await rowOf(story.localId)).toMatchObject({
      provider: 'stripe',
      providerRef: story.subscriptionRef,
      status: 'active',
      periodStart: NOVEMBER,
      periodEnd: DECEMBER,
      nextAttemptAt: null,
    });
    expect(await premiumOf(story.userId)).toEqual(DECEMBER);
    expect(await paymentsOf(story.userId)).toMatchObject([
      { id: story.localId, kind: 'payment', amount: 900, status: 'succeeded', providerRef: `in_${story.tag}Nov` },
    ]);
    expect(await mails('receipt', story.email)).toHaveLength(1);
    expect(await mine(story.token)).toMatchObject({ status: 'active', nextChargeAt: DECEMBER.toISOString() });

    // A replay is refused by its event id; the same invoice in another event records and grants nothing more.
    await deliverOk(first, true);
    await deliverOk(event('invoice.paid.first-period.json', story, { again: 'b' }));
    expect(await paymentsOf(story.userId)).toHaveLength(1);
    expect(await mails('receipt', story.email)).toHaveLength(1);

    // The renewal fails: past due, premium through the grace days, one e-mail even when Stripe's retry fails too.
    await deliverOk(event('invoice.payment_failed.json', story));
    await deliverOk(event('invoice.payment_failed.json', story, { again: 'retry' }));
    const graceEnd = at('2026-12-04T10:00:00Z');
    expect(await rowOf(story.localId)).toMatchObject({
      status: 'past_due',
      pastDueSince: DECEMBER,
      periodEnd: DECEMBER,
    });
    expect(await premiumOf(story.userId)).toEqual(graceEnd);
    expect(await mails('payment-failed', story.email)).toHaveLength(1);
    expect(await mine(story.token)).toMatchObject({ status: 'past_due', graceEndsAt: graceEnd.toISOString() });
    const refused = (await paymentsOf(story.userId)).filter((payment) => payment.kind === 'renewal');
    expect(refused).toMatchObject([{ status: 'requires_payment', providerRef: `in_${story.tag}Dec` }]);

    // Stripe's retry pays it: active again for the next period, premium follows, the same row paid.
    await deliverOk(event('invoice.paid.json', story));
    expect(await rowOf(story.localId)).toMatchObject({
      status: 'active',
      pastDueSince: null,
      periodStart: DECEMBER,
      periodEnd: JANUARY,
    });
    expect(await premiumOf(story.userId)).toEqual(JANUARY);
    const renewals = (await paymentsOf(story.userId)).filter((payment) => payment.kind === 'renewal');
    expect(renewals).toMatchObject([{ id: refused[0]!.id, status: 'succeeded', periodStart: DECEMBER }]);
    expect(await mails('receipt', story.email)).toHaveLength(2);

    // November's invoice arriving late, in a new event, shortens nothing; nor does the failure Stripe sent before.
    await deliverOk(event('invoice.paid.first-period.json', story, { again: 'late' }));
    await deliverOk(event('invoice.payment_failed.json', story, { again: 'late' }));
    expect(await rowOf(story.localId)).toMatchObject({ status: 'active', periodStart: DECEMBER, periodEnd: JANUARY });
    expect(await premiumOf(story.userId)).toEqual(JANUARY);
    expect(await mails('payment-failed', story.email)).toHaveLength(1);

    // Cancelled (12 Dec), then the older resume (11 Dec) arrives late: ignored.
    await deliverOk(event('customer.subscription.updated.json', story));
    await deliverOk(event('customer.subscription.updated.resumed.json', story));
    expect(await rowOf(story.localId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await mine(story.token)).toMatchObject({ cancelAtPeriodEnd: true, nextChargeAt: null });

    // The period ends and Stripe deletes the subscription: ended, access as paid.
    await deliverOk(event('customer.subscription.deleted.json', story));
    expect(await rowOf(story.localId)).toMatchObject({ status: 'ended', endedReason: 'cancelled', endedAt: JANUARY });
    expect(await premiumOf(story.userId)).toEqual(JANUARY);

    // Nothing revives it: a newer update, or a paid invoice.
    await deliverOk(
      event('customer.subscription.updated.resumed.json', story, {
        again: 'after-end',
        patch: (parsed) => {
          parsed.created = 1798797700;
        },
      }),
    );
    await deliverOk(event('invoice.paid.json', story, { again: 'after-end' }));
    expect(await rowOf(story.localId)).toMatchObject({ status: 'ended', cancelAtPeriodEnd: false });
    expect(await mine(story.token)).toMatchObject({ status: 'ended', endedReason: 'cancelled' });
  });

  it('asks Stripe to cancel at the period’s end and to resume, and keeps what Stripe answered', async () => {
    const story = await subscribed();
    const cancelled = await post(story.token, '/api/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<MySubscription>().subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    const asked = standIn.requestsTo('POST', `/v1/subscriptions/${story.subscriptionRef}`);
    expect(asked.map((request) => request.params.cancel_at_period_end)).toEqual(['true']);
    expect(standIn.subscriptions.get(story.subscriptionRef)!.cancel_at_period_end).toBe(true);
    expect((await post(story.token, '/api/subscription/cancel')).statusCode).toBe(409);

    const resumed = await post(story.token, '/api/subscription/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<MySubscription>().subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect(standIn.subscriptions.get(story.subscriptionRef)!.cancel_at_period_end).toBe(false);
    expect((await post(story.token, '/api/subscription/resume')).statusCode).toBe(409);
    expect(await rowOf(story.localId)).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
  });

  it('cancels a past due subscription at Stripe at once, and it ends', async () => {
    const story = await subscribed();
    await deliverOk(event('invoice.payment_failed.json', story));
    const response = await post(story.token, '/api/subscription/cancel');
    expect(response.statusCode).toBe(200);
    expect(response.json<MySubscription>().subscription).toMatchObject({ status: 'ended', endedReason: 'cancelled' });
    expect(standIn.requestsTo('DELETE', `/v1/subscriptions/${story.subscriptionRef}`)).toHaveLength(1);
    expect(standIn.subscriptions.get(story.subscriptionRef)!.status).toBe('canceled');
  });

  it('refuses the test card form for a subscription kept at Stripe: a test card pays nothing of it', async () => {
    const story = await subscribed();
    await deliverOk(event('invoice.payment_failed.json', story));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/card',
      headers: bearer(story.token),
      payload: { card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().message).toBe(PAYMENT_MESSAGES.wrongProvider);
    expect(await rowOf(story.localId)).toMatchObject({ status: 'past_due', paymentMethod: null });
    expect((await paymentsOf(story.userId)).filter((payment) => payment.status === 'succeeded')).toHaveLength(1);
  });

  it('opens Stripe’s customer portal on the card form for the reader’s own subscription', async () => {
    const story = await subscribed();
    const response = await post(story.token, '/api/subscription/portal');
    expect(response.statusCode).toBe(200);
    const { url } = response.json<SubscriptionPortal>();
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [customer] = await db().select().from(stripeCustomers).where(eq(stripeCustomers.userId, story.userId));
    const session = [...standIn.portalSessions.values()].find((candidate) => candidate.url === url)!;
    expect(session).toMatchObject({
      customer: customer!.customerId,
      return_url: 'https://news.example/profile',
      flow: { type: 'payment_method_update' },
    });

    // A reader without a subscription at Stripe gets no portal.
    const other = await signedInUser(ctx.app, db());
    expect((await post(other.token, '/api/subscription/portal')).statusCode).toBe(404);
  });

  it('cancels the subscription at Stripe when the reader deletes their account', async () => {
    const story = await subscribed();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(story.token),
      payload: { confirmation: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(standIn.requestsTo('DELETE', `/v1/subscriptions/${story.subscriptionRef}`)).toHaveLength(1);
    expect(standIn.subscriptions.get(story.subscriptionRef)!.status).toBe('canceled');
    expect(await rowOf(story.localId)).toMatchObject({ status: 'ended', endedReason: 'account_deleted', userId: null });

    // Stripe's word that it is deleted changes nothing more.
    await deliverOk(event('customer.subscription.deleted.json', story));
    expect(await rowOf(story.localId)).toMatchObject({ endedReason: 'account_deleted' });
  });

  it('deletes the account even when Stripe refuses to cancel its subscription', async () => {
    const story = await subscribed();
    standIn.subscriptions.delete(story.subscriptionRef);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(story.token),
      payload: { confirmation: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(story.localId)).toMatchObject({ status: 'ended', userId: null });
  });
});
