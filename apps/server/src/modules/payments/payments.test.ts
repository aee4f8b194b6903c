import {
  PAYMENT_MESSAGES,
  type ArticlePage,
  type ErrorResponse,
  type PaymentIntent,
  type UserStats,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationActions, paymentIntents, plans, users } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createStripeTestContext, type StripeTestContext } from '../../test/stripe-context.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const MINUTE = 60_000;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

describe('test payments and premium', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const reader = () => signedInUser(ctx.app, ctx.database.db);
  const openIntent = async (token: string, payload: object = { planId: 'trial' }) =>
    ctx.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(token), payload });
  const pay = (token: string, clientSecret: string, card = GOOD_CARD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(token),
      payload: { clientSecret, card },
    });
  const premiumOf = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.premiumUntil;

  it('takes the amount from the plan table, whatever the client sends', async () => {
    const { token, user } = await reader();
    const response = await openIntent(token, { planId: 'individual', price: 1, amount: 1, currency: 'xxx' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentIntent>()).toMatchObject({
      provider: 'test',
      planId: 'individual',
      amount: 300,
      currency: 'usd',
    });
    const [row] = await ctx.database.db.select().from(paymentIntents).where(eq(paymentIntents.userId, user.id));
    expect(row).toMatchObject({ amount: 30_000, currency: 'usd', status: 'requires_payment' });
    expect((await openIntent(token, { planId: 'gold' })).statusCode).toBe(400);
    expect((await openIntent(token, { price: 10 })).statusCode).toBe(400);
  });

  it("grants the plan's minutes on success, and premium articles open", async () => {
    const { token, user } = await reader();
    const { clientSecret } = (await openIntent(token)).json<PaymentIntent>();
    const response = await pay(token, clientSecret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded' });
    const premium = await premiumOf(user.id);
    expect(premium!.getTime() - ctx.clock.now.getTime()).toBe(MINUTE);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/premium-articles', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
  });

  it("declines 4000 0000 0000 0002 with the provider's message and grants nothing", async () => {
    const { token, user } = await reader();
    const { clientSecret } = (await openIntent(token)).json<PaymentIntent>();
    const response = await pay(token, clientSecret, DECLINED_CARD);
    expect(response.statusCode).toBe(402);
    expect(response.json<ErrorResponse>().message).toBe(PAYMENT_MESSAGES.cardDeclined);
    expect(await premiumOf(user.id)).toBeNull();
    const [row] = await ctx.database.db.select().from(paymentIntents).where(eq(paymentIntents.userId, user.id));
    expect(row).toMatchObject({ status: 'requires_payment', lastError: PAYMENT_MESSAGES.cardDeclined });
    expect(JSON.stringify(row)).not.toContain('4000');
  });

  it.each([
    [{ ...GOOD_CARD, number: '4242 4242 4242 4241' }, PAYMENT_MESSAGES.incorrectNumber],
    [{ ...GOOD_CARD, number: '5555 5555 5555 4444' }, PAYMENT_MESSAGES.notTestCard],
    [{ ...GOOD_CARD, expiry: '01/20' }, PAYMENT_MESSAGES.expired],
    [{ ...GOOD_CARD, expiry: '13/30' }, PAYMENT_MESSAGES.expiryInvalid],
    [{ ...GOOD_CARD, cvc: '12' }, PAYMENT_MESSAGES.cvcInvalid],
  ])('refuses %o with "%s"', async (card, message) => {
    const { token, user } = await reader();
    const { clientSecret } = (await openIntent(token)).json<PaymentIntent>();
    const response = await pay(token, clientSecret, card);
    expect(response.statusCode).toBe(402);
    expect(response.json<ErrorResponse>().message).toBe(message);
    expect(await premiumOf(user.id)).toBeNull();
  });

  it("refuses someone else's intent and grants them nothing", async () => {
    const owner = await reader();
    const thief = await reader();
    const { clientSecret } = (await openIntent(owner.token)).json<PaymentIntent>();
    const response = await pay(thief.token, clientSecret);
    expect(response.statusCode).toBe(404);
    expect(await premiumOf(thief.user.id)).toBeNull();
    expect(await premiumOf(owner.user.id)).toBeNull();
  });

  it('grants nothing twice for a replayed confirmation', async () => {
    const { token, user } = await reader();
    const { clientSecret } = (await openIntent(token)).json<PaymentIntent>();
    await pay(token, clientSecret);
    const first = await premiumOf(user.id);
    const replay = await pay(token, clientSecret);
    expect(replay.statusCode).toBe(200);
    expect(await premiumOf(user.id)).toEqual(first);
  });

  it('grants once when one intent is confirmed twice at the same moment', async () => {
    const { token, user } = await reader();
    const { clientSecret } = (await openIntent(token)).json<PaymentIntent>();
    const results = await Promise.all(Array.from({ length: 4 }, () => pay(token, clientSecret)));
    expect(results.every((response) => response.statusCode === 200)).toBe(true);
    const premium = await premiumOf(user.id);
    expect(premium!.getTime() - ctx.clock.now.getTime()).toBe(MINUTE);
  });

  it('extends a renewal from the current expiry', async () => {
    const { token, user } = await reader();
    for (const planId of ['trial', 'individual']) {
      const { clientSecret } = (await openIntent(token, { planId })).json<PaymentIntent>();
      await pay(token, clientSecret);
    }
    const premium = await premiumOf(user.id);
    expect(premium!.getTime() - ctx.clock.now.getTime()).toBe((1 + 7200) * MINUTE);
  });

  it('lapses when the plan runs out: premium articles lock again and the stats move', async () => {
    const fresh = await createTestContext();
    const db = fresh.database.db;
    const buyer = await signedInUser(fresh.app, db);
    const publisher = await insertPublisher(db);
    await insertArticle(db, { publisherId: publisher.id, authorId: (await insertUser(db)).id }, { isPremium: true });
    const { clientSecret } = (
      await fresh.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(buyer.token),
        payload: { planId: 'trial' },
      })
    ).json<PaymentIntent>();
    await fresh.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(buyer.token),
      payload: { clientSecret, card: GOOD_CARD },
    });
    const stats = async () => (await fresh.app.inject({ method: 'GET', url: '/api/stats/users' })).json<UserStats>();
    const premiumList = () =>
      fresh.app.inject({ method: 'GET', url: '/api/premium-articles', headers: bearer(buyer.token) });

    expect((await premiumList()).json<ArticlePage>().total).toBe(1);
    expect(await stats()).toMatchObject({ premiumUsers: 1, normalUsers: 1, totalUsers: 2 });
    fresh.clock.advance(MINUTE + 1);
    expect((await premiumList()).statusCode).toBe(403);
    expect(await stats()).toEqual({ premiumUsers: 0, normalUsers: 2, totalUsers: 2 });
    await fresh.close();
  });

  it('lists premium articles 12 a page, with excerpts only, for subscribers and admins', async () => {
    const publisher = await insertPublisher(ctx.database.db);
    const authorId = (await insertUser(ctx.database.db)).id;
    for (let i = 0; i < 13; i += 1) {
      await insertArticle(
        ctx.database.db,
        { publisherId: publisher.id, authorId },
        { isPremium: true, description: `${'x'.repeat(100)}SECRET` },
      );
    }
    await ctx.changed();
    const subscriber = await signedInUser(ctx.app, ctx.database.db, {
      premiumUntil: new Date(Date.now() + 60 * MINUTE),
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/premium-articles',
      headers: bearer(subscriber.token),
    });
    const body = response.json<ArticlePage>();
    expect(body.articles).toHaveLength(12);
    expect(body.total).toBeGreaterThanOrEqual(13);
    expect(body.articles.every((article) => article.isPremium)).toBe(true);
    expect(response.body).not.toContain('SECRET');
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/premium-articles', headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/premium-articles', headers: bearer((await reader()).token) }))
        .statusCode,
    ).toBe(403);
  });

  it("gives an admin's complimentary grant, recorded, and refuses it to everyone else", async () => {
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const lucky = await reader();
    const until = new Date(Date.now() + 30 * 24 * 60 * MINUTE).toISOString();
    const grant = (token: string, premiumTaken = until) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/premium/${lucky.user.email}`,
        headers: bearer(token),
        payload: { premiumTaken },
      });
    expect((await grant(lucky.token)).statusCode).toBe(403);
    expect(await premiumOf(lucky.user.id)).toBeNull();
    expect((await grant(admin.token, '2001-01-01T00:00:00Z')).statusCode).toBe(400);
    expect((await grant(admin.token)).statusCode).toBe(200);
    expect((await premiumOf(lucky.user.id))!.toISOString()).toBe(until);
    const [entry] = await ctx.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.userId, lucky.user.id));
    expect(entry).toMatchObject({ action: 'grant-premium', actorId: admin.user.id });

    const shorter = new Date(Date.now() + 24 * 60 * MINUTE).toISOString();
    expect((await grant(admin.token, shorter)).statusCode).toBe(200);
    expect((await premiumOf(lucky.user.id))!.toISOString()).toBe(until);
  });

  it('opens at most 20 payment intents a minute for one account', async () => {
    const { token } = await reader();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await openIntent(token)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Counted per account: another reader at the same address is not held up.
    expect((await openIntent((await reader()).token)).statusCode).toBe(200);
  });
});

describe('the Stripe provider', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret';
  let ctx: TestContext;
  let stripe: Stripe;
  let context: StripeTestContext;
  const paymentIntentsCreated = () => context.standIn.requestsTo('POST', '/v1/payment_intents');

  beforeAll(async () => {
    context = await createStripeTestContext(WEBHOOK_SECRET);
    ({ ctx, stripe } = context);
  });
  afterAll(() => context.close());

  const webhook = (payload: string, signature: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const succeededEvent = (eventId: string, paymentIntentId: string, amount: number, currency = 'usd') =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      created: 1793527265,
      type: 'payment_intent.succeeded',
      data: { object: { id: paymentIntentId, object: 'payment_intent', amount, amount_received: amount, currency } },
    });
  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret });

  it('creates the intent at Stripe in cents from the plan table, and hands out its client secret', async () => {
    const buyer = await signedInUser(ctx.app, ctx.database.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(buyer.token),
      payload: { planId: 'family', price: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentIntent>()).toMatchObject({
      provider: 'stripe',
      amount: 500,
      clientSecret: expect.stringMatching(/_secret_/),
    });
    const sent = paymentIntentsCreated().at(-1)!.form;
    expect(sent.get('amount')).toBe('50000');
    expect(sent.get('currency')).toBe('usd');
    expect(sent.get('metadata[userId]')).toBe(buyer.user.id);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ payments: 'stripe', stripePublishableKey: 'pk_test_x' });
    expect(String(config.headers['content-security-policy'])).toContain('https://js.stripe.com');
  });

  it('grants premium on a verified payment_intent.succeeded, once, however often Stripe replays it', async () => {
    const buyer = await signedInUser(ctx.app, ctx.database.db);
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(buyer.token),
        payload: { planId: 'trial' },
      })
    ).json<PaymentIntent>();
    const paymentIntentId = clientSecret.split('_secret_')[0]!;
    const payload = succeededEvent('evt_1', paymentIntentId, 1000);

    const first = await webhook(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.user.id));
    const premium = row!.premiumUntil!;
    expect(premium.getTime() - ctx.clock.now.getTime()).toBe(MINUTE);

    const replay = await webhook(payload, sign(payload));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const sameIntentNewEvent = succeededEvent('evt_2', paymentIntentId, 1000);
    await webhook(sameIntentNewEvent, sign(sameIntentNewEvent));
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(after!.premiumUntil).toEqual(premium);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/status?clientSecret=${encodeURIComponent(clientSecret)}`,
      headers: bearer(buyer.token),
    });
    expect(status.json()).toMatchObject({ status: 'succeeded' });
  });

  it('grants nothing for a signed event in another currency or amount, and answers 200 so Stripe stops retrying', async () => {
    const buyer = await signedInUser(ctx.app, ctx.database.db);
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(buyer.token),
        payload: { planId: 'trial' },
      })
    ).json<PaymentIntent>();
    const paymentIntentId = clientSecret.split('_secret_')[0]!;
    const premiumOfBuyer = async () =>
      (await ctx.database.db.select().from(users).where(eq(users.id, buyer.user.id)))[0]!.premiumUntil;

    for (const [eventId, amount, currency] of [
      ['evt_yen', 1000, 'jpy'],
      ['evt_short', 999, 'usd'],
    ] as const) {
      const payload = succeededEvent(eventId, paymentIntentId, amount, currency);
      const response = await webhook(payload, sign(payload));
      // 200: the event is authentic and Stripe's retries could not change the answer.
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: false });
      expect(await premiumOfBuyer()).toBeNull();
    }
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/status?clientSecret=${encodeURIComponent(clientSecret)}`,
      headers: bearer(buyer.token),
    });
    expect(status.json()).toMatchObject({ status: 'requires_payment' });

    const right = succeededEvent('evt_right', paymentIntentId, 1000, 'USD');
    expect((await webhook(right, sign(right))).statusCode).toBe(200);
    expect((await premiumOfBuyer())!.getTime() - ctx.clock.now.getTime()).toBe(MINUTE);
  });

  it('refuses a bad signature and grants nothing', async () => {
    const buyer = await signedInUser(ctx.app, ctx.database.db);
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(buyer.token),
        payload: { planId: 'trial' },
      })
    ).json<PaymentIntent>();
    const payload = succeededEvent('evt_forged', clientSecret.split('_secret_')[0]!, 1000);
    for (const signature of [sign(payload, 'whsec_wrong'), 't=1,v1=abc', '']) {
      const response = await webhook(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(PAYMENT_MESSAGES.webhookSignature);
    }
    const tampered = payload.replace('1000', '999999');
    expect((await webhook(tampered, sign(payload))).statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(row!.premiumUntil).toBeNull();
  });

  it('lets the admin make a plan renew with Stripe Billing, and edit it (its checkout: stripe-subscriptions.test.ts)', async () => {
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const renewing = {
      name: 'Monthly at Stripe',
      price: 9,
      durationMinutes: 60,
      features: ['Everything'],
      premiumArticles: null,
      visibility: 'listed',
      renewsEvery: 'month',
      freeDays: 7,
    };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(admin.token),
      payload: renewing,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const [row] = await ctx.database.db.select().from(plans).where(eq(plans.id, id));
    expect(row).toMatchObject({ renewsEvery: 'month', freeDays: 7, priceMinor: 900 });
    const yearly = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/plans/${id}`,
      headers: bearer(admin.token),
      payload: { ...renewing, renewsEvery: 'year', visibility: 'archived' },
    });
    expect(yearly.statusCode).toBe(200);
    const [edited] = await ctx.database.db.select().from(plans).where(eq(plans.id, id));
    expect(edited).toMatchObject({ renewsEvery: 'year', visibility: 'archived' });
  });

  it('refuses the test card form when Stripe takes payments', async () => {
    const buyer = await signedInUser(ctx.app, ctx.database.db);
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(buyer.token),
        payload: { planId: 'trial' },
      })
    ).json<PaymentIntent>();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(buyer.token),
      payload: { clientSecret, card: GOOD_CARD },
    });
    expect(response.statusCode).toBe(400);
  });
});
