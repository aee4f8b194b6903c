import { PAYMENT_MESSAGES, SUBSCRIPTION_MESSAGES, type ErrorResponse, type PaymentIntent } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentIntents, processedWebhookEvents, subscriptions, users } from '../../db/schema.js';
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
import type { StripeObject, StripeStandIn } from '../../test/stripe-stand-in.js';
import type { TestContext } from '../../test/test-app.js';

/*
 * What Stripe's webhook route answers to bodies signed with the webhook secret that the site cannot read, to events
 * it does not need, and to events it must not take as sent (docs/decisions/056-stripe-webhooks-read-checked-and-bounded.md):
 * a second subscription paid beside a live one is cancelled and refunded at Stripe, and an invoice grants at most its
 * plan's interval. Fixtures: __fixtures__/stripe/README.md.
 */

const WEBHOOK_SECRET = 'whsec_webhooks_test';
const at = (iso: string) => new Date(iso);
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const TEN_YEARS_LATER = (date: Date) => unix(date) + 10 * 365 * 86_400;

interface Opened extends StripeStory {
  token: string;
}

type Json = Record<string, unknown>;
const objectOf = (event: Json) => (event.data as { object: Json }).object;
const lineOf = (event: Json) => (objectOf(event).lines as { data: Json[] }).data[0]!;

describe('Stripe webhooks: read checked, needed or not, believed within bounds', () => {
  let stripeTest: StripeTestContext;
  let ctx: TestContext;
  let standIn: StripeStandIn;
  let stories = 0;

  beforeAll(async () => {
    stripeTest = await createStripeTestContext(WEBHOOK_SECRET);
    ({ ctx, standIn } = stripeTest);
  });
  afterAll(() => stripeTest?.close());
  beforeEach(() => ctx.clock.set(NOVEMBER));

  const db = () => ctx.database.db;
  const premiumOf = async (userId: string) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0]!.premiumUntil;
  const rowOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
  const intentOf = async (id: string) => (await db().select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];
  const claimed = async (eventId: string) =>
    (await db().select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, eventId))).length > 0;

  async function newReader() {
    const { token, user } = await signedInUser(ctx.app, db());
    return { token, userId: user.id };
  }

  /** A checkout of a renewing plan, by a new reader or by `reader`: the subscription Stripe opened for it. */
  async function open(planId: 'monthly' | 'yearly', reader?: { token: string; userId: string }): Promise<Opened> {
    const { token, userId } = reader ?? (await newReader());
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(token),
      payload: { planId },
    });
    expect(response.statusCode).toBe(200);
    const { clientSecret } = response.json<PaymentIntent>();
    const [row] = await db().select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret));
    const subscription = [...standIn.subscriptions.values()].find(
      (candidate) => (candidate.metadata as Record<string, string>).localSubscriptionId === row!.id,
    )!;
    stories += 1;
    return { token, userId, localId: row!.id, subscriptionRef: subscription.id, tag: `W${stories}x` };
  }

  /** A fixture as Stripe would send it for this story; `patch` edits the parsed event. */
  function event(file: string, story: Opened, patch?: (event: Json) => void): string {
    const parsed = fixtureEvent(file, story);
    patch?.(parsed);
    return JSON.stringify(parsed);
  }
  const deliver = (payload: string) => stripeTest.deliver(payload);
  async function deliverOk(payload: string) {
    const response = await deliver(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
  }
  /** The invoice Stripe opened at checkout, paid at the stand-in as the browser's confirmation would. */
  const payCheckout = (story: Opened): StripeObject =>
    standIn.payInvoice(standIn.subscriptions.get(story.subscriptionRef)!.latest_invoice as string);

  describe('a body that cannot be a Stripe event the site reads: 400, nothing recorded', () => {
    const envelope = (type: string, data: unknown, id = `evt_bad_${type}_${stories++}`) =>
      JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created: unix(NOVEMBER), data, type });
    const bodies: [string, () => Promise<string>][] = [
      ['a body of []', async () => '[]'],
      ['a body that is not JSON', async () => 'not json'],
      [
        'an event with no id',
        async () => JSON.stringify({ object: 'event', type: 'invoice.paid', data: { object: {} } }),
      ],
      ['an event id holding a NUL', async () => envelope('charge.refunded', { object: {} }, 'evt_\u0000x')],
      [
        'an event id longer than any of Stripe’s',
        async () => envelope('charge.refunded', { object: {} }, `evt_${'x'.repeat(3000)}`),
      ],
      [
        'an invoice created after the year 9999',
        async () =>
          event('invoice.paid.first-period.json', await open('monthly'), (parsed) => {
            parsed.created = 1e15;
          }),
      ],
      ['invoice.paid with data {}', async () => envelope('invoice.paid', {})],
      ['a bare invoice.paid', async () => envelope('invoice.paid', { object: { id: 'in_bare', object: 'invoice' } })],
      ['invoice.payment_failed with data {}', async () => envelope('invoice.payment_failed', {})],
      ['customer.subscription.updated with data {}', async () => envelope('customer.subscription.updated', {})],
      ['customer.subscription.deleted with data {}', async () => envelope('customer.subscription.deleted', {})],
      ['payment_intent.succeeded with data {}', async () => envelope('payment_intent.succeeded', {})],
      [
        'a bare payment_intent.succeeded',
        async () => envelope('payment_intent.succeeded', { object: { id: 'pi_bare', object: 'payment_intent' } }),
      ],
      [
        'an invoice whose line has no period',
        async () =>
          event('invoice.paid.first-period.json', await open('monthly'), (parsed) => {
            delete lineOf(parsed).period;
          }),
      ],
      [
        'a subscription without items',
        async () =>
          event('customer.subscription.updated.json', await open('monthly'), (parsed) => {
            delete objectOf(parsed).items;
          }),
      ],
    ];

    it.each(bodies)('answers 400 to %s, signed with the webhook secret', async (_what, body) => {
      const payload = await body();
      const response = await deliver(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(PAYMENT_MESSAGES.webhookNotAnEvent);
      const id = (() => {
        try {
          return (JSON.parse(payload) as { id?: string }).id;
        } catch {
          return undefined;
        }
      })();
      // (An id holding a NUL cannot even be looked for.)
      if (id && !id.includes('\u0000')) expect(await claimed(id)).toBe(false);
    });
  });

  describe('a well-formed event the site does not need: 200, nothing changes', () => {
    it('answers 200 to an invoice of a subscription it does not know, with metadata or without', async () => {
      const story = await open('monthly');
      const stranger = { ...story, subscriptionRef: 'sub_stranger', localId: crypto.randomUUID(), tag: 'Strange' };
      // Without metadata: nothing names a checkout of this site.
      await deliverOk(
        event('invoice.paid.first-period.json', stranger, (parsed) => {
          (objectOf(parsed).parent as { subscription_details: Json }).subscription_details.metadata = null;
        }),
      );
      // Naming a checkout this site never saved, long after Stripe created it: not one still being saved.
      ctx.clock.set(at('2026-11-01T12:00:00Z'));
      await deliverOk(event('invoice.paid.first-period.json', { ...stranger, tag: 'Strange2' }));
      await deliverOk(event('invoice.payment_failed.json', stranger));
      await deliverOk(event('customer.subscription.deleted.json', stranger));
      expect(await db().select().from(subscriptions).where(eq(subscriptions.providerRef, 'sub_stranger'))).toEqual([]);
      expect(await rowOf(story.localId)).toBeUndefined();
    });

    it('answers 200 to subscription events without metadata, and applies them to a subscription it knows', async () => {
      const story = await open('monthly');
      await deliverOk(event('invoice.paid.first-period.json', story));
      const noMetadata = (parsed: Json) => {
        delete objectOf(parsed).metadata;
      };
      await deliverOk(event('customer.subscription.updated.json', story, noMetadata));
      expect(await rowOf(story.localId)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
      await deliverOk(event('customer.subscription.deleted.json', story, noMetadata));
      expect(await rowOf(story.localId)).toMatchObject({ status: 'ended' });
      const stranger = { ...story, subscriptionRef: 'sub_stranger2', tag: 'Strange3' };
      await deliverOk(event('customer.subscription.updated.json', stranger, noMetadata));
    });

    it('answers 200 to a payment_intent.succeeded of no payment it opened, and to events it does not use', async () => {
      await deliverOk(
        JSON.stringify({
          id: 'evt_unknown_pi',
          object: 'event',
          created: unix(NOVEMBER),
          type: 'payment_intent.succeeded',
          data: { object: { id: 'pi_unknown', object: 'payment_intent', amount_received: 900, currency: 'usd' } },
        }),
      );
      await deliverOk(
        JSON.stringify({
          id: 'evt_charge',
          object: 'event',
          created: unix(NOVEMBER),
          type: 'charge.refunded',
          data: { object: { id: 'ch_x', object: 'charge' } },
        }),
      );
    });
  });

  describe('a second subscription paid beside a live one', () => {
    it('is cancelled and refunded at Stripe, and grants nothing', async () => {
      const first = await open('monthly');
      // Two checkouts opened side by side, before either was paid.
      const second = await open('monthly', first);
      payCheckout(first);
      await deliverOk(event('invoice.paid.first-period.json', first));
      expect(await premiumOf(first.userId)).toEqual(DECEMBER);

      const invoice = payCheckout(second);
      const paid = event('invoice.paid.first-period.json', second, (parsed) => {
        objectOf(parsed).id = invoice.id;
      });
      await deliverOk(paid);
      expect(standIn.subscriptions.get(second.subscriptionRef)!.status).toBe('canceled');
      const refunds = [...standIn.refunds.values()];
      const intent = standIn.paymentIntents.get(
        (invoice.confirmation_secret as { client_secret: string }).client_secret.split('_secret_')[0]!,
      )!;
      expect(refunds).toMatchObject([{ payment_intent: intent.id, amount: 900, reason: 'duplicate' }]);
      expect(await rowOf(second.localId)).toBeUndefined();
      expect(await intentOf(second.localId)).toMatchObject({
        status: 'requires_payment',
        lastError: SUBSCRIPTION_MESSAGES.alreadySubscribed,
      });
      expect(await rowOf(first.localId)).toMatchObject({ status: 'active', periodEnd: DECEMBER });
      expect(standIn.subscriptions.get(first.subscriptionRef)!.status).toBe('active');
      expect(await premiumOf(first.userId)).toEqual(DECEMBER);

      // The same invoice in another event: nothing is refunded twice.
      await deliverOk(
        event('invoice.paid.first-period.json', second, (parsed) => {
          parsed.id = `${String(parsed.id)}_again`;
          objectOf(parsed).id = invoice.id;
        }),
      );
      expect(standIn.refunds.size).toBe(1);
      // Stripe's word that it ended changes nothing here.
      await deliverOk(event('customer.subscription.deleted.json', second));
      expect(await rowOf(first.localId)).toMatchObject({ status: 'active' });
    });

    it('is decided before Stripe is called: with Stripe down the event is applied, and the checkout says what failed', async () => {
      const first = await open('monthly');
      const second = await open('monthly', first);
      payCheckout(first);
      await deliverOk(event('invoice.paid.first-period.json', first));
      const invoice = payCheckout(second);
      const paid = event('invoice.paid.first-period.json', second, (parsed) => {
        objectOf(parsed).id = invoice.id;
      });
      const refundsBefore = standIn.refunds.size;
      const stripeUp = standIn.failRequestsTo('DELETE', `/v1/subscriptions/${second.subscriptionRef}`);
      try {
        // Stripe's redelivery could not help: the decision is committed, the event claimed, an operator told.
        await deliverOk(paid);
      } finally {
        stripeUp();
      }
      expect(await claimed(JSON.parse(paid).id as string)).toBe(true);
      expect(await intentOf(second.localId)).toMatchObject({
        status: 'requires_payment',
        lastError: SUBSCRIPTION_MESSAGES.notTakenBack,
      });
      expect(standIn.subscriptions.get(second.subscriptionRef)!.status).toBe('active');
      expect(standIn.refunds.size).toBe(refundsBefore);
      expect(await rowOf(second.localId)).toBeUndefined();
      expect(await rowOf(first.localId)).toMatchObject({ status: 'active', periodEnd: DECEMBER });
    });

    it.runIf(process.env.TEST_DATABASE_URL)(
      'of two checkouts paid at once, one lives and the other is taken back; both events answered 200',
      async () => {
        for (let round = 0; round < 5; round += 1) {
          const first = await open('monthly');
          const second = await open('monthly', first);
          const bodies = [first, second].map((story) => {
            const invoice = payCheckout(story);
            return event('invoice.paid.first-period.json', story, (parsed) => {
              objectOf(parsed).id = invoice.id;
            });
          });
          const answers = await Promise.all(bodies.map(deliver));
          expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
          const rows = await Promise.all([first, second].map((story) => rowOf(story.localId)));
          expect(rows.filter(Boolean)).toHaveLength(1);
          const lost = rows[0] ? second : first;
          expect(standIn.subscriptions.get(lost.subscriptionRef)!.status).toBe('canceled');
          expect(await intentOf(lost.localId)).toMatchObject({ lastError: SUBSCRIPTION_MESSAGES.alreadySubscribed });
          expect(await premiumOf(first.userId)).toEqual(DECEMBER);
        }
      },
    );

    it.runIf(process.env.TEST_DATABASE_URL)(
      'is not the same checkout’s invoice in two events at once: its subscription lives, nothing is taken back',
      async () => {
        for (let round = 0; round < 3; round += 1) {
          const story = await open('monthly');
          const invoice = payCheckout(story);
          const refundsBefore = standIn.refunds.size;
          const bodies = ['', '_again'].map((again) =>
            event('invoice.paid.first-period.json', story, (parsed) => {
              parsed.id = `${String(parsed.id)}${again}`;
              objectOf(parsed).id = invoice.id;
            }),
          );
          const answers = await Promise.all(bodies.map(deliver));
          expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
          expect(await rowOf(story.localId)).toMatchObject({ status: 'active', periodEnd: DECEMBER });
          expect(await intentOf(story.localId)).toMatchObject({ status: 'succeeded', lastError: null });
          expect(standIn.subscriptions.get(story.subscriptionRef)!.status).toBe('active');
          expect(standIn.refunds.size).toBe(refundsBefore);
        }
      },
    );

    it('with free days is cancelled at Stripe; its 0 invoice has nothing to refund', async () => {
      ctx.clock.set(FREE_DAYS_START);
      const first = await open('monthly');
      const second = await open('yearly', first);
      await deliverOk(event('invoice.paid.first-period.json', first));
      const refundsBefore = standIn.refunds.size;
      await deliverOk(event('invoice.paid.free-days.json', second));
      expect(standIn.subscriptions.get(second.subscriptionRef)!.status).toBe('canceled');
      expect(standIn.refunds.size).toBe(refundsBefore);
      expect(await rowOf(second.localId)).toBeUndefined();
    });

    it('of a reader who deleted their account is cancelled and refunded too', async () => {
      const story = await open('monthly');
      const deleted = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: bearer(story.token),
        payload: { confirmation: PASSWORD },
      });
      expect(deleted.statusCode).toBe(200);
      const invoice = payCheckout(story);
      await deliverOk(
        event('invoice.paid.first-period.json', story, (parsed) => {
          objectOf(parsed).id = invoice.id;
        }),
      );
      expect(standIn.subscriptions.get(story.subscriptionRef)!.status).toBe('canceled');
      expect([...standIn.refunds.values()].filter((refund) => refund.amount === 900).length).toBeGreaterThan(0);
      expect(await rowOf(story.localId)).toBeUndefined();
    });
  });

  describe('an invoice grants at most its plan’s interval from its line’s start (and a day)', () => {
    const stretch = (end: number, start?: number) => (parsed: Json) => {
      const period = lineOf(parsed).period as { start: number; end: number };
      period.end = end;
      if (start !== undefined) period.start = start;
    };

    it('bounds checkout’s line of ten years to one month', async () => {
      const story = await open('monthly');
      await deliverOk(event('invoice.paid.first-period.json', story, stretch(TEN_YEARS_LATER(NOVEMBER))));
      expect(await rowOf(story.localId)).toMatchObject({ periodStart: NOVEMBER, periodEnd: DECEMBER });
      expect(await premiumOf(story.userId)).toEqual(DECEMBER);
      expect(await intentOf(story.localId)).toMatchObject({ periodEnd: DECEMBER });
    });

    it('bounds a renewal’s line of ten years to one month, and takes one within the day’s tolerance as sent', async () => {
      const story = await open('monthly');
      await deliverOk(event('invoice.paid.first-period.json', story));
      await deliverOk(event('invoice.paid.json', story, stretch(TEN_YEARS_LATER(DECEMBER))));
      expect(await rowOf(story.localId)).toMatchObject({ periodStart: DECEMBER, periodEnd: JANUARY });
      expect(await premiumOf(story.userId)).toEqual(JANUARY);

      const other = await open('monthly');
      await deliverOk(event('invoice.paid.first-period.json', other));
      const twelveHoursLate = unix(JANUARY) + 12 * 3600;
      await deliverOk(event('invoice.paid.json', other, stretch(twelveHoursLate)));
      expect(await premiumOf(other.userId)).toEqual(new Date(twelveHoursLate * 1000));
    });

    it('bounds free days’ line to the plan’s free days', async () => {
      ctx.clock.set(FREE_DAYS_START);
      const story = await open('yearly');
      await deliverOk(event('invoice.paid.free-days.json', story, stretch(TEN_YEARS_LATER(FREE_DAYS_START))));
      expect(await rowOf(story.localId)).toMatchObject({ status: 'trialing', periodEnd: FREE_DAYS_END });
      expect(await premiumOf(story.userId)).toEqual(FREE_DAYS_END);
    });

    it('counts a line’s start no later than Stripe created the event', async () => {
      const story = await open('monthly');
      await deliverOk(event('invoice.paid.first-period.json', story));
      // December's renewal, its line moved ten years ahead: a month from when Stripe created the event (2 Dec).
      await deliverOk(event('invoice.paid.json', story, stretch(TEN_YEARS_LATER(JANUARY), TEN_YEARS_LATER(DECEMBER))));
      const paidAt = at('2026-12-02T11:05:00Z');
      expect(await rowOf(story.localId)).toMatchObject({ periodStart: paidAt, periodEnd: at('2027-01-02T11:05:00Z') });
      expect(await premiumOf(story.userId)).toEqual(at('2027-01-02T11:05:00Z'));
    });
  });
});
