import { PAYMENT_MESSAGES, TEST_CARDS, cardErrors, digitsOnly, type Card } from '@dispatch/shared';
import { TEST_SUBSCRIPTIONS, testClientSecret } from '../subscriptions/test-billing.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * The built-in provider: payments live in our database and Stripe's test card numbers decide the outcome; its
 * renewing plans' part is in subscriptions/test-billing.ts.
 */
export function createTestProvider(): PaymentProvider {
  return {
    ...TEST_SUBSCRIPTIONS,
    async createIntent({ intentId }) {
      return { clientSecret: testClientSecret(intentId), providerRef: null };
    },
  };
}

/** What the test provider says of a card: 'succeeded' or the message a real card network would give. */
export function chargeTestCard(card: Card, now: Date): 'succeeded' | string {
  const problems = cardErrors(card, now);
  const first = problems.number ?? problems.expiry ?? problems.cvc;
  if (first) return first;
  const outcome = TEST_CARDS[digitsOnly(card.number) as keyof typeof TEST_CARDS];
  return outcome ?? PAYMENT_MESSAGES.notTestCard;
}
