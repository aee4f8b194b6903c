import type { PlanSnapshot } from '@dispatch/shared';
import type { DbOrTx } from '../../db/client.js';

/** A plan snapshot that renews. */
export type RenewingPlan = PlanSnapshot & { renewsEvery: NonNullable<PlanSnapshot['renewsEvery']> };

/** A renewing plan's checkout, as the provider is asked to open it. */
export interface SubscriptionCheckout {
  /** The local subscription's id, and its checkout's payment row's: keys every request, so a retry opens nothing twice. */
  localSubscriptionId: string;
  userId: string;
  customerEmail: string;
  planId: string;
  /** The reader's offer: the plan as bought, with the free days this reader gets. */
  plan: RenewingPlan;
}

/** What the browser confirms: a payment (the first period due now) or, with Stripe, a setup (free days first). */
export interface OpenedCheckout {
  clientSecret: string;
  kind?: 'payment' | 'setup';
}

/** A subscription as its provider knows it: Stripe's id, none for the test provider's. */
export type KeptSubscription = { providerRef: string | null };

/**
 * What renewing plans ask of the payment provider, the test provider and Stripe alike: the half of `PaymentProvider`
 * (payments/payment-provider.ts) that this module calls. Each is asked before the site saves the change, outside
 * any transaction; the test provider keeps its subscriptions in our rows, so it has nothing to change there. Who
 * charges a period differs and is no operation here: the renewal job charges the test provider's cards on file
 * (test-billing.ts); Stripe charges its own and says so by webhook (stripe-subscriptions.ts).
 */
export interface SubscriptionProvider {
  name: 'test' | 'stripe';
  /** Opens a checkout of a renewing plan; nothing is charged until the browser confirms. */
  openSubscription(db: DbOrTx, checkout: SubscriptionCheckout, now: Date): Promise<OpenedCheckout>;
  /** Cancel (true) or resume (false) at the end of the period already paid; answers what the provider now keeps. */
  setCancelAtPeriodEnd(subscription: KeptSubscription, cancel: boolean): Promise<boolean>;
  /** Ends the subscription at once: never charged again, nothing refunded. */
  cancelNow(subscription: KeptSubscription): Promise<void>;
}
