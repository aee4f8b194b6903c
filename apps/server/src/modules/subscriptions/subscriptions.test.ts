import {
  addInterval,
  DAY_MS,
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type AdminPlan,
  type BillingHistory,
  type ErrorResponse,
  type Funnel,
  type MySubscription,
  type PaymentIntent,
  type Plan,
  type PlanInput,
  type UserPage,
} from '@dispatch/shared';
import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { mailOutbox, paymentIntents, subscriptions, users } from '../../db/schema.js';
import { renewingPlan } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { remindPremiumEnds, remindYearlyRenewals } from '../notices/premium-reminders.js';
import { renewDue } from './renewals.js';
import { TEST_SUBSCRIPTIONS } from './test-billing.js';

const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
/** Stripe's card that attaches to a customer and then fails every charge. */
const FAILS_LATER = { ...VISA, number: '4000 0000 0000 0341' };

describe('renewing subscriptions with the test provider', () => {
  let ctx: TestContext;
  let adminToken = '';

  beforeAll(async () => {
    ctx = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://news.example' } });
    adminToken = (await signedInUser(ctx.app, ctx.database.db, { role: 'admin' })).token;
  });
  afterAll(() => ctx.close());

  const call = (options: InjectOptions, token?: string) =>
    ctx.app.inject({ ...options, headers: token ? bearer(token) : {} });
  const db = () => ctx.database.db;

  async function createPlan(values: Partial<PlanInput> = {}) {
    const response = await call({ method: 'POST', url: '/api/admin/plans', payload: renewingPlan(values) }, adminToken);
    expect(response.statusCode).toBe(201);
    return response.json<AdminPlan>();
  }

  /** A new reader buys the plan with the card; answers the reader, and the confirmation's response. */
  async function subscribe(planId: string, card = VISA) {
    const reader = await signedInUser(ctx.app, db());
    const intent = await call({ method: 'POST', url: '/api/create-payment-intent', payload: { planId } }, reader.token);
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json<PaymentIntent>();
    const paid = await call(
      { method: 'POST', url: '/api/payments/confirm', payload: { clientSecret, card } },
      reader.token,
    );
    return { ...reader, paid };
  }

  const mine = async (token: string) =>
    (await call({ method: 'GET', url: '/api/subscription' }, token)).json<MySubscription>().subscription;
  const premiumOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!.premiumUntil;
  const chargesOf = (subscriptionId: string) =>
    db().select().from(paymentIntents).where(eq(paymentIntents.subscriptionId, subscriptionId));
  const billing = async (token: string) =>
    (await call({ method: 'GET', url: '/api/payments/history' }, token)).json<BillingHistory>();

  it('sells a plan that renews: its interval, free days and note-worthy fields in the public list', async () => {
    const plan = await createPlan();
    const listed = (await call({ method: 'GET', url: '/api/plans' })).json<{ plans: Plan[] }>().plans;
    expect(listed.find((one) => one.id === plan.id)).toMatchObject({
      renewsEvery: 'month',
      freeDays: 7,
      label: '1 Month',
      price: 9,
    });
    // SPEC's passes stay passes.
    expect(listed.find((one) => one.id === 'individual')).toMatchObject({ renewsEvery: null, freeDays: 0 });
  });

  it.each([
    [{ renewsEvery: null, freeDays: 3 }, PLAN_MESSAGES.freeDaysNeedRenewal],
    [{ premiumArticles: 3 }, PLAN_MESSAGES.renewingNeedsFullAccess],
    [{ freeDays: 91 }, PLAN_MESSAGES.freeDaysInvalid],
    [{ renewsEvery: 'week' }, PLAN_MESSAGES.renewsEveryInvalid],
  ])('refuses a renewing plan with %o: "%s"', async (values, message) => {
    const response = await call(
      { method: 'POST', url: '/api/admin/plans', payload: renewingPlan(values as Partial<PlanInput>) },
      adminToken,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().message).toContain(message);
  });

  it('starts with free days, charges nothing until they end, then renews exactly once per period', async () => {
    const plan = await createPlan();
    const start = ctx.clock.now;
    const { token, user, paid } = await subscribe(plan.id);
    expect(paid.statusCode).toBe(200);
    const trialEnd = new Date(start.getTime() + 7 * DAY_MS);
    expect(await premiumOf(user.id)).toEqual(trialEnd);
    const trial = (await mine(token))!;
    expect(trial).toMatchObject({
      status: 'trialing',
      price: 9,
      renewsEvery: 'month',
      nextChargeAt: trialEnd.toISOString(),
      cardLast4: '4242',
      cancelAtPeriodEnd: false,
    });
    // The free days are on the bill at 0; nothing was charged.
    expect((await billing(token)).payments[0]).toMatchObject({ amount: 0, status: 'paid', kind: 'free_days' });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row!.paymentMethod).toMatch(/^pm_test_visa_/);
    expect(JSON.stringify(row)).not.toContain('4242 4242');

    // A day before the end: nothing is due.
    await renewDue(ctx.deps, new Date(trialEnd.getTime() - DAY_MS));
    expect(await chargesOf(trial._id)).toHaveLength(1);

    // Two instances at the same moment: one charge.
    const [first, second] = await Promise.all([renewDue(ctx.deps, trialEnd), renewDue(ctx.deps, trialEnd)]);
    expect(first.renewed + second.renewed).toBe(1);
    const periodEnd = addInterval(trialEnd, 'month');
    const renewals = (await chargesOf(trial._id)).filter((charge) => charge.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ amount: 900, status: 'succeeded', periodStart: trialEnd, periodEnd });
    expect(await premiumOf(user.id)).toEqual(periodEnd);
    expect(await mine(token)).toMatchObject({ status: 'active', nextChargeAt: periodEnd.toISOString() });
    // The receipt is mailed.
    const receipts = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'receipt'), eq(mailOutbox.toAddress, user.email)));
    expect(receipts).toHaveLength(1);

    // Run again at the same moment, or a little later: nothing more is charged.
    await renewDue(ctx.deps, new Date(trialEnd.getTime() + 60_000));
    expect((await chargesOf(trial._id)).filter((charge) => charge.kind === 'renewal')).toHaveLength(1);
  });

  it('renews at the price and interval it was bought at, after a price change and once the plan is archived', async () => {
    const plan = await createPlan({ freeDays: 0, renewsEvery: 'year', price: 90 });
    const start = ctx.clock.now;
    const { token, user } = await subscribe(plan.id);
    const firstEnd = addInterval(start, 'year');
    expect(await premiumOf(user.id)).toEqual(firstEnd);
    expect((await billing(token)).payments[0]).toMatchObject({ amount: 90, kind: 'payment', status: 'paid' });
    const edit = await call(
      { method: 'PATCH', url: `/api/admin/plans/${plan.id}`, payload: { price: 120, visibility: 'archived' } },
      adminToken,
    );
    expect(edit.statusCode).toBe(200);
    await renewDue(ctx.deps, firstEnd);
    const subscription = (await mine(token))!;
    expect(subscription).toMatchObject({
      status: 'active',
      price: 90,
      periodEnd: addInterval(firstEnd, 'year').toISOString(),
    });
    expect((await billing(token)).payments[0]).toMatchObject({ amount: 90, kind: 'renewal' });
  });

  it('cancels to the end of the period, resumes before it, and ends without a charge when cancelled', async () => {
    const plan = await createPlan({ freeDays: 0 });
    const start = ctx.clock.now;
    const { token, user } = await subscribe(plan.id);
    const end = addInterval(start, 'month');

    const cancelled = await call({ method: 'POST', url: '/api/subscription/cancel' }, token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<MySubscription>().subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
    });
    const twice = await call({ method: 'POST', url: '/api/subscription/cancel' }, token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorResponse>().message).toBe(SUBSCRIPTION_MESSAGES.alreadyCancelled);

    const resumed = await call({ method: 'POST', url: '/api/subscription/resume' }, token);
    expect(resumed.json<MySubscription>().subscription).toMatchObject({
      cancelAtPeriodEnd: false,
      nextChargeAt: end.toISOString(),
    });
    expect((await call({ method: 'POST', url: '/api/subscription/resume' }, token)).statusCode).toBe(409);

    await call({ method: 'POST', url: '/api/subscription/cancel' }, token);
    const counts = await renewDue(ctx.deps, end);
    expect(counts.ended).toBeGreaterThanOrEqual(1);
    const ended = (await mine(token))!;
    expect(ended).toMatchObject({ status: 'ended', endedReason: 'cancelled', nextChargeAt: null });
    expect((await chargesOf(ended._id)).filter((charge) => charge.kind === 'renewal')).toHaveLength(0);
    // Premium ran to the end of the paid period, and no further.
    expect(await premiumOf(user.id)).toEqual(end);
    // Over: nothing left to cancel or resume, and a new subscription may start.
    expect((await call({ method: 'POST', url: '/api/subscription/cancel' }, token)).statusCode).toBe(404);
    const again = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { planId: plan.id } },
      token,
    );
    expect(again.statusCode).toBe(200);
  });

  it('goes past due when a renewal fails, keeps premium through the grace period, then lapses', async () => {
    const plan = await createPlan();
    const start = ctx.clock.now;
    const { token, user, paid } = await subscribe(plan.id, FAILS_LATER);
    expect(paid.statusCode).toBe(200);
    const trialEnd = new Date(start.getTime() + 7 * DAY_MS);
    const graceEnd = new Date(trialEnd.getTime() + 3 * DAY_MS);

    const counts = await renewDue(ctx.deps, trialEnd);
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    const pastDue = (await mine(token))!;
    expect(pastDue).toMatchObject({ status: 'past_due', graceEndsAt: graceEnd.toISOString(), cardLast4: '0341' });
    expect(await premiumOf(user.id)).toEqual(graceEnd);
    expect((await billing(token)).payments[0]).toMatchObject({ status: 'declined', amount: 9, kind: 'renewal' });
    // Through the grace, the access is still the subscription's plan, not a complimentary grant.
    const access = await call(
      { method: 'GET', url: `/api/users/access?email=${encodeURIComponent(user.email)}` },
      token,
    );
    expect(access.json()).toMatchObject({ source: 'pass', plan: { id: plan.id, name: plan.name } });
    const failedMail = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'payment-failed'), eq(mailOutbox.toAddress, user.email)));
    expect(failedMail).toHaveLength(1);

    // The next day's retry fails too: no second bill line, no second e-mail.
    await renewDue(ctx.deps, new Date(trialEnd.getTime() + DAY_MS));
    expect((await chargesOf(pastDue._id)).filter((charge) => charge.kind === 'renewal')).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'payment-failed'), eq(mailOutbox.toAddress, user.email))),
    ).toHaveLength(1);

    await renewDue(ctx.deps, graceEnd);
    expect(await mine(token)).toMatchObject({ status: 'ended', endedReason: 'payment_failed' });
    expect(await premiumOf(user.id)).toEqual(graceEnd);
  });

  it('charges another card at once for a past due subscription, continuing the period that failed', async () => {
    const plan = await createPlan({ freeDays: 3 });
    const start = ctx.clock.now;
    const { token, user } = await subscribe(plan.id, FAILS_LATER);
    const trialEnd = new Date(start.getTime() + 3 * DAY_MS);
    await renewDue(ctx.deps, trialEnd);
    ctx.clock.set(new Date(trialEnd.getTime() + DAY_MS));
    try {
      const refused = await call(
        { method: 'POST', url: '/api/subscription/card', payload: { card: FAILS_LATER } },
        token,
      );
      expect(refused.statusCode).toBe(402);
      expect(refused.json<ErrorResponse>().message).toBe(PAYMENT_MESSAGES.cardDeclined);
      expect(await mine(token)).toMatchObject({ status: 'past_due', cardLast4: '0341' });

      const replaced = await call({ method: 'POST', url: '/api/subscription/card', payload: { card: VISA } }, token);
      expect(replaced.statusCode).toBe(200);
      const periodEnd = addInterval(trialEnd, 'month');
      expect(replaced.json<MySubscription>().subscription).toMatchObject({
        status: 'active',
        cardLast4: '4242',
        periodStart: trialEnd.toISOString(),
        periodEnd: periodEnd.toISOString(),
        graceEndsAt: null,
      });
      expect(await premiumOf(user.id)).toEqual(periodEnd);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('ends a cancel that waited while the job refused the renewal: the reader who cancelled is not charged again', async () => {
    const plan = await createPlan({ freeDays: 3 });
    const start = ctx.clock.now;
    const { token, user } = await subscribe(plan.id, FAILS_LATER);
    const trialEnd = new Date(start.getTime() + 3 * DAY_MS);
    // The cancel read the row before the job's batch took it: the job refuses the card while the cancel waits.
    const asked = vi.spyOn(TEST_SUBSCRIPTIONS, 'setCancelAtPeriodEnd').mockImplementationOnce(async (_row, cancel) => {
      await renewDue(ctx.deps, trialEnd);
      return cancel;
    });
    const cancelled = await call({ method: 'POST', url: '/api/subscription/cancel' }, token);
    asked.mockRestore();
    expect(cancelled.statusCode).toBe(200);
    const ended = cancelled.json<MySubscription>().subscription!;
    expect(ended).toMatchObject({ status: 'ended', endedReason: 'cancelled', nextChargeAt: null });
    await renewDue(ctx.deps, new Date(trialEnd.getTime() + DAY_MS));
    await renewDue(ctx.deps, new Date(trialEnd.getTime() + 10 * DAY_MS));
    const renewals = (await chargesOf(ended._id)).filter((charge) => charge.kind === 'renewal');
    expect(renewals.map((charge) => charge.status)).toEqual(['requires_payment']);
    expect(await mine(token)).toMatchObject({ status: 'ended' });
    expect(await premiumOf(user.id)).toBeTruthy();
  });

  it('saves a change on the subscription the provider was asked about: one that ended meanwhile answers 404', async () => {
    const plan = await createPlan({ freeDays: 0 });
    const { token } = await subscribe(plan.id);
    const first = (await mine(token))!;
    // While the provider is asked, that subscription ends and the reader starts another.
    const asked = vi.spyOn(TEST_SUBSCRIPTIONS, 'setCancelAtPeriodEnd').mockImplementationOnce(async (_row, cancel) => {
      await db()
        .update(subscriptions)
        .set({ status: 'ended', nextAttemptAt: null })
        .where(eq(subscriptions.id, first._id));
      const intent = await call(
        { method: 'POST', url: '/api/create-payment-intent', payload: { planId: plan.id } },
        token,
      );
      const { clientSecret } = intent.json<PaymentIntent>();
      const paid = await call(
        { method: 'POST', url: '/api/payments/confirm', payload: { clientSecret, card: VISA } },
        token,
      );
      expect(paid.statusCode).toBe(200);
      return cancel;
    });
    const cancelled = await call({ method: 'POST', url: '/api/subscription/cancel' }, token);
    asked.mockRestore();
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.json<ErrorResponse>().message).toBe(SUBSCRIPTION_MESSAGES.notFound);
    const second = (await mine(token))!;
    expect(second._id).not.toBe(first._id);
    expect(second).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('keeps the test rules for a Stripe row no provider knows (no providerRef) on a test site: cancel and resume', async () => {
    const plan = await createPlan({ freeDays: 0 });
    const { token } = await subscribe(plan.id);
    const live = (await mine(token))!;
    await db()
      .update(subscriptions)
      .set({ provider: 'stripe', providerRef: null })
      .where(eq(subscriptions.id, live._id));
    const cancelled = await call({ method: 'POST', url: '/api/subscription/cancel' }, token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<MySubscription>().subscription).toMatchObject({ cancelAtPeriodEnd: true });
    const resumed = await call({ method: 'POST', url: '/api/subscription/resume' }, token);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<MySubscription>().subscription).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('refuses 0341 when the first charge is due at once, and a second subscription while one runs', async () => {
    const charged = await createPlan({ freeDays: 0 });
    const { token, user, paid } = await subscribe(charged.id, FAILS_LATER);
    expect(paid.statusCode).toBe(402);
    expect(paid.json<ErrorResponse>().message).toBe(PAYMENT_MESSAGES.cardDeclined);
    expect(await mine(token)).toBeNull();
    expect(await premiumOf(user.id)).toBeNull();

    const subscribed = await subscribe(charged.id);
    expect(subscribed.paid.statusCode).toBe(200);
    const second = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { planId: charged.id } },
      subscribed.token,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorResponse>().message).toBe(SUBSCRIPTION_MESSAGES.alreadySubscribed);
    // A pass may still be bought beside it.
    const pass = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { planId: 'individual' } },
      subscribed.token,
    );
    expect(pass.statusCode).toBe(200);
  });

  /** Opens a checkout of the plan for the reader: its answer. */
  async function openCheckout(planId: string, token: string) {
    const response = await call({ method: 'POST', url: '/api/create-payment-intent', payload: { planId } }, token);
    expect(response.statusCode).toBe(200);
    return response.json<PaymentIntent>();
  }
  const confirm = (clientSecret: string, token: string, card = VISA) =>
    call({ method: 'POST', url: '/api/payments/confirm', payload: { clientSecret, card } }, token);
  const intentRow = async (clientSecret: string) =>
    (await db().select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret)))[0]!;

  /** Cancels the reader's subscription and lets its period end; answers that end. */
  async function cancelAndEnd(token: string) {
    expect((await call({ method: 'POST', url: '/api/subscription/cancel' }, token)).statusCode).toBe(200);
    const end = new Date((await mine(token))!.periodEnd);
    await renewDue(ctx.deps, end);
    expect(await mine(token)).toMatchObject({ status: 'ended' });
    return end;
  }

  it("gives free days to an account's first renewing subscription only: the next one is charged at once", async () => {
    const plan = await createPlan({ freeDays: 3 });
    const start = ctx.clock.now;
    const reader = await signedInUser(ctx.app, db());
    const first = await openCheckout(plan.id, reader.token);
    expect(first.freeDays).toBe(3);
    expect((await confirm(first.clientSecret, reader.token)).statusCode).toBe(200);
    const trialEnd = await cancelAndEnd(reader.token);
    ctx.clock.set(new Date(trialEnd.getTime() + DAY_MS));
    try {
      const now = ctx.clock.now;
      // The same plan again, and another plan with free days: the answer says none apply to this reader.
      const other = await createPlan({ freeDays: 14 });
      expect((await openCheckout(other.id, reader.token)).freeDays).toBe(0);
      const again = await openCheckout(plan.id, reader.token);
      expect(again).toMatchObject({ freeDays: 0, amount: 9 });
      // A card kept for free days only is refused: the first charge is now.
      const refused = await confirm(again.clientSecret, reader.token, FAILS_LATER);
      expect(refused.statusCode).toBe(402);
      expect((await confirm(again.clientSecret, reader.token)).statusCode).toBe(200);
      const periodEnd = addInterval(now, 'month');
      expect(await mine(reader.token)).toMatchObject({ status: 'active', periodEnd: periodEnd.toISOString() });
      expect(await premiumOf(reader.user.id)).toEqual(periodEnd);
      const paid = (await billing(reader.token)).payments.filter((payment) => payment.status === 'paid');
      expect(paid.map(({ kind, amount }) => ({ kind, amount }))).toEqual(
        expect.arrayContaining([
          { kind: 'payment', amount: 9 },
          { kind: 'free_days', amount: 0 },
        ]),
      );
      expect(paid).toHaveLength(2);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('refuses free days opened before the first subscription once that one has used them (409), charging nothing', async () => {
    const plan = await createPlan({ freeDays: 3 });
    const start = ctx.clock.now;
    const reader = await signedInUser(ctx.app, db());
    const first = await openCheckout(plan.id, reader.token);
    const kept = await openCheckout(plan.id, reader.token);
    expect((await confirm(first.clientSecret, reader.token)).statusCode).toBe(200);
    const trialEnd = await cancelAndEnd(reader.token);
    ctx.clock.set(new Date(trialEnd.getTime() + DAY_MS));
    try {
      const late = await confirm(kept.clientSecret, reader.token);
      expect(late.statusCode).toBe(409);
      expect(late.json<ErrorResponse>().message).toBe(SUBSCRIPTION_MESSAGES.freeDaysUsed);
      expect(await mine(reader.token)).toMatchObject({ status: 'ended' });
      expect(await intentRow(kept.clientSecret)).toMatchObject({ status: 'requires_payment', lastError: null });
      expect(await premiumOf(reader.user.id)).toEqual(trialEnd);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('checks for a running subscription before charging: a second checkout gets 409 and its card is not charged', async () => {
    const plan = await createPlan({ freeDays: 0 });
    const reader = await signedInUser(ctx.app, db());
    const first = await openCheckout(plan.id, reader.token);
    const second = await openCheckout(plan.id, reader.token);
    expect((await confirm(first.clientSecret, reader.token)).statusCode).toBe(200);
    // A card whose charges fail tells whether it was charged: a decline (402) would mean it was.
    const refused = await confirm(second.clientSecret, reader.token, FAILS_LATER);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().message).toBe(SUBSCRIPTION_MESSAGES.alreadySubscribed);
    expect(await intentRow(second.clientSecret)).toMatchObject({ status: 'requires_payment', lastError: null });
    expect((await billing(reader.token)).payments.filter((payment) => payment.status !== 'incomplete')).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts one subscription when two checkouts of one reader are confirmed at once: the other gets 409, no charge',
    async () => {
      const plan = await createPlan({ freeDays: 0 });
      for (let round = 0; round < 5; round += 1) {
        const reader = await signedInUser(ctx.app, db());
        const checkouts = [await openCheckout(plan.id, reader.token), await openCheckout(plan.id, reader.token)];
        const answers = await Promise.all(checkouts.map((intent) => confirm(intent.clientSecret, reader.token)));
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const loser = answers.find((answer) => answer.statusCode === 409)!;
        expect(loser.json<ErrorResponse>().message).toBe(SUBSCRIPTION_MESSAGES.alreadySubscribed);
        const rows = await Promise.all(checkouts.map((intent) => intentRow(intent.clientSecret)));
        expect(rows.map((row) => row.status).sort()).toEqual(['requires_payment', 'succeeded']);
        expect(rows.every((row) => row.lastError === null)).toBe(true);
        const live = await db()
          .select({ n: count() })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, reader.user.id), ne(subscriptions.status, 'ended')));
        expect(live[0]!.n).toBe(1);
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers the same checkout confirmed twice at once as paid both times, starting one subscription',
    async () => {
      const plan = await createPlan({ freeDays: 0 });
      for (let round = 0; round < 3; round += 1) {
        const reader = await signedInUser(ctx.app, db());
        const checkout = await openCheckout(plan.id, reader.token);
        const answers = await Promise.all([1, 2].map(() => confirm(checkout.clientSecret, reader.token)));
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        const live = await db()
          .select({ n: count() })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, reader.user.id), ne(subscriptions.status, 'ended')));
        expect(live[0]!.n).toBe(1);
      }
    },
  );

  it('ends the subscription with the account: nothing is charged afterwards', async () => {
    const plan = await createPlan({ freeDays: 0 });
    const start = ctx.clock.now;
    const { token, user } = await subscribe(plan.id);
    const [live] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const deleted = await call(
      { method: 'POST', url: '/api/account/delete', payload: { confirmation: PASSWORD } },
      token,
    );
    expect(deleted.statusCode).toBe(200);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, live!.id));
    expect(row).toMatchObject({ status: 'ended', endedReason: 'account_deleted', userId: null, nextAttemptAt: null });
    await renewDue(ctx.deps, addInterval(start, 'month'));
    expect((await chargesOf(live!.id)).filter((charge) => charge.kind === 'renewal')).toHaveLength(0);
  });

  it('mails "renews on" 7 days before a yearly renewal, once, and no "premium ends" reminders while renewing', async () => {
    const plan = await createPlan({ freeDays: 0, renewsEvery: 'year', price: 100 });
    const start = ctx.clock.now;
    const { user } = await subscribe(plan.id);
    const renewsOn = addInterval(start, 'year');
    const notifier = ctx.app.notifier;
    const reminders = () =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'renewal-reminder'), eq(mailOutbox.toAddress, user.email)));

    await remindYearlyRenewals(db(), notifier, new Date(renewsOn.getTime() - 8 * DAY_MS));
    expect(await reminders()).toHaveLength(0);
    const weekBefore = new Date(renewsOn.getTime() - 7 * DAY_MS + 60_000);
    await remindYearlyRenewals(db(), notifier, weekBefore);
    await remindYearlyRenewals(db(), notifier, new Date(weekBefore.getTime() + DAY_MS));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain('$100.00');

    await remindPremiumEnds(db(), notifier, new Date(renewsOn.getTime() - DAY_MS));
    const ending = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'premium-ending'), eq(mailOutbox.toAddress, user.email)));
    expect(ending).toHaveLength(0);
  });

  it("counts them in the dashboard's funnel: started, renewed, refused, cancelled, lapsed", async () => {
    await ctx.changed();
    const response = await call({ method: 'GET', url: '/api/dashboard/funnel?days=30' }, adminToken);
    expect(response.statusCode).toBe(200);
    const { subscriptions: counts, plans } = response.json<Funnel>();
    const counted = async (table: typeof subscriptions | typeof paymentIntents, where?: SQL) =>
      (await db().select({ count: count() }).from(table).where(where))[0]!.count;
    const renewals = (status: 'succeeded' | 'requires_payment') =>
      counted(paymentIntents, and(eq(paymentIntents.kind, 'renewal'), eq(paymentIntents.status, status)));
    expect(counts).toEqual({
      started: await counted(subscriptions),
      renewed: await renewals('succeeded'),
      refused: await renewals('requires_payment'),
      cancelled: await counted(subscriptions, eq(subscriptions.endedReason, 'cancelled')),
      lapsed: await counted(subscriptions, eq(subscriptions.endedReason, 'payment_failed')),
    });
    // Each kind happened in the tests above.
    expect(Math.min(...Object.values(counts))).toBeGreaterThan(0);
    // Free days are no purchase: only paid periods count as a plan's purchases.
    const paid = await db()
      .select({ count: count() })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.status, 'succeeded'), ne(paymentIntents.kind, 'free_days')));
    expect(plans.reduce((sum, plan) => sum + plan.purchases, 0)).toBe(paid[0]!.count);
  });

  it("shows the admin's users table each reader's subscription that is not over", async () => {
    const plan = await createPlan();
    const { user } = await subscribe(plan.id);
    const stranger = await signedInUser(ctx.app, db());
    const listed = async (email: string) =>
      (await call({ method: 'GET', url: `/api/users?q=${encodeURIComponent(email)}` }, adminToken))
        .json<UserPage>()
        .users.find((row) => row.email === email)!;
    expect((await listed(user.email)).subscription).toEqual({
      status: 'trialing',
      cancelAtPeriodEnd: false,
      renewsEvery: 'month',
    });
    expect((await listed(stranger.user.email)).subscription).toBeNull();
  });

  it('answers only its own reader, and nothing without a session', async () => {
    expect((await call({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/subscription/cancel' })).statusCode).toBe(401);
    const stranger = await signedInUser(ctx.app, db());
    expect(await mine(stranger.token)).toBeNull();
    expect((await call({ method: 'POST', url: '/api/subscription/resume' }, stranger.token)).statusCode).toBe(404);
    const bad = await call(
      { method: 'POST', url: '/api/subscription/card', payload: { card: { number: 'x'.repeat(40) } } },
      stranger.token,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('the test clock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TEST_CLOCK: 'true' } });
  });
  afterAll(() => ctx.close());

  it('lets an admin move the server clock forward, settling the renewals due by then; nobody else', async () => {
    const db = ctx.database.db;
    const admin = await signedInUser(ctx.app, db, { role: 'admin' });
    const reader = await signedInUser(ctx.app, db);
    const move = (token: string, advanceMinutes: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/test-clock', headers: bearer(token), payload: { advanceMinutes } });
    expect((await move(reader.token, 60)).statusCode).toBe(403);
    expect((await move(admin.token, 0)).statusCode).toBe(400);

    const plan = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(admin.token),
      payload: renewingPlan({ freeDays: 1 }),
    });
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(reader.token),
        payload: { planId: plan.json<AdminPlan>().id },
      })
    ).json<PaymentIntent>();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(reader.token),
      payload: { clientSecret, card: VISA },
    });
    const moved = await move(admin.token, 24 * 60 + 1);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ offsetMinutes: 24 * 60 + 1 });
    const subscription = (
      await ctx.app.inject({ method: 'GET', url: '/api/subscription', headers: bearer(reader.token) })
    ).json<MySubscription>().subscription;
    expect(subscription).toMatchObject({ status: 'active' });
  });

  it('is refused with Stripe payments', () => {
    expect(() =>
      loadConfig({
        TEST_CLOCK: 'true',
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_WEBHOOK_SECRET: 'wh',
      }),
    ).toThrow(/TEST_CLOCK/);
  });
});
