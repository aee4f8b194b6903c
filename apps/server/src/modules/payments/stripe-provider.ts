import Stripe from 'stripe';
import { stripeSubscriptions } from '../subscriptions/stripe-subscriptions.js';
import type { PaymentProvider } from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only the tests set these: they point the SDK at a local stand-in for Stripe's API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...settings.api });
}

/** Stripe: a PaymentIntent for a one-off payment; renewing plans through Stripe Billing (`stripeSubscriptions`). */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    ...stripeSubscriptions(stripe),
    async createIntent({ intentId, amount, currency, userId, planId }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency,
          automatic_payment_methods: { enabled: true },
          metadata: { intentId, userId, planId },
        },
        // Retried requests must not open a second payment.
        { idempotencyKey: `dispatch-intent-${intentId}` },
      );
      if (!intent.client_secret) throw new Error('Stripe answered without a client secret');
      return { clientSecret: intent.client_secret, providerRef: intent.id };
    },
  };
}
