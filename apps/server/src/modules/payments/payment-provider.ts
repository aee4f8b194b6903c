import type { SubscriptionProvider } from '../subscriptions/subscription-provider.js';

/**
 * Where money is taken, one interface for the test provider (test-provider.ts) and Stripe (stripe-provider.ts):
 * a one-off payment here, and what renewing plans ask of it (`SubscriptionProvider`). The server decides the amount;
 * a provider only carries it out.
 */
export interface PaymentProvider extends SubscriptionProvider {
  /** Opens a payment for `amount` (smallest currency unit); answers the secret the browser confirms with. */
  createIntent(request: {
    intentId: string;
    amount: number;
    currency: string;
    userId: string;
    planId: string;
  }): Promise<{ clientSecret: string; providerRef: string | null }>;
}
