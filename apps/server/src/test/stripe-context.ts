import type { LightMyRequestResponse } from 'fastify';
import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { plans } from '../db/schema.js';
import { createStripeClient, createStripeProvider } from '../modules/payments/stripe-provider.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';
import { createTestContext, type TestContext } from './test-app.js';

/*
 * The server with PAYMENTS=stripe against the stand-in for Stripe's API, selling the two renewing plans the signed
 * webhook fixtures tell of (modules/subscriptions/__fixtures__/stripe/README.md), and those fixtures read for a story.
 */

const at = (iso: string) => new Date(iso);
/** The fixtures' monthly story starts here: checkout's invoice pays 1 Nov – 1 Dec. */
export const NOVEMBER = at('2026-11-01T10:00:00Z');
export const DECEMBER = at('2026-12-01T10:00:00Z');
export const JANUARY = at('2027-01-01T10:00:00Z');
/** The fixture's free days: 20 Nov – 4 Dec. */
export const FREE_DAYS_START = at('2026-11-20T08:00:00Z');
export const FREE_DAYS_END = at('2026-12-04T08:00:00Z');

/** The ids a fixture names, per story: its subscription, local subscription and reader. */
const FIXTURE_IDS = {
  monthly: {
    subscription: 'sub_1TfX8dispatchM01',
    local: '7b0c6d3e-4f7a-4a59-9a44-3c1f0e2b8d11',
    user: '2f9d8e1a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  },
  yearly: {
    subscription: 'sub_1TfX8dispatchY01',
    local: 'c4e2a9b1-8d3f-4b6a-a7c5-0e9f1d2b3a47',
    user: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  },
} as const;

/** What a test's checkout opened: the fixture's ids are replaced by these. */
export interface StripeStory {
  userId: string;
  localId: string;
  subscriptionRef: string;
  /** Makes every event and invoice id of this story its own. */
  tag: string;
}

/** A fixture as Stripe would send it for this story (the yearly plan's for a free-days file), parsed. */
export function fixtureEvent(file: string, story: StripeStory): Record<string, unknown> {
  const ids = file.includes('free-days') ? FIXTURE_IDS.yearly : FIXTURE_IDS.monthly;
  const text = readFileSync(new URL(`../modules/subscriptions/__fixtures__/stripe/${file}`, import.meta.url), 'utf8')
    .replaceAll(ids.subscription, story.subscriptionRef)
    .replaceAll(ids.local, story.localId)
    .replaceAll(ids.user, story.userId)
    .replaceAll('1TfX8dispatch', story.tag);
  return JSON.parse(text) as Record<string, unknown>;
}

export interface StripeTestContext {
  ctx: TestContext;
  standIn: StripeStandIn;
  stripe: Stripe;
  /** Posts `payload` to the webhook route, signed with the webhook secret. */
  deliver(payload: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Stripe's stand-in on the test clock, and the app paid through it, selling the fixtures' monthly and yearly plans. */
export async function createStripeTestContext(
  webhookSecret: string,
  env: Record<string, string> = {},
): Promise<StripeTestContext> {
  let now = () => new Date();
  const standIn = await startStripeStandIn({ now: () => now() });
  const stripe = createStripeClient({ secretKey: 'sk_test_x', webhookSecret, api: standIn.api });
  const ctx = await createTestContext({
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      PUBLIC_URL: 'https://news.example',
      ...env,
    },
    payments: { provider: createStripeProvider(stripe), stripe: { client: stripe, webhookSecret } },
  });
  await ctx.database.db.insert(plans).values([
    {
      id: 'monthly',
      name: 'Monthly',
      priceMinor: 900,
      durationMinutes: 43_200,
      features: ['Every premium article'],
      position: 10,
      visibility: 'listed',
      renewsEvery: 'month',
    },
    {
      id: 'yearly',
      name: 'Yearly',
      priceMinor: 9_900,
      durationMinutes: 525_600,
      features: ['Every premium article'],
      position: 11,
      visibility: 'listed',
      renewsEvery: 'year',
      freeDays: 14,
    },
  ]);
  await ctx.changed();
  now = () => ctx.clock.now;
  return {
    ctx,
    standIn,
    stripe,
    deliver: (payload) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        payload,
      }),
    async close() {
      await ctx.close();
      await standIn.close();
    },
  };
}
