import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES, TEST_CARDS, cardErrors, digitsOnly, type Card } from '@dispatch/shared';
import type { PaymentProvider } from './payment-provider.js';

/** The built-in provider: payments live in our database and Stripe's test card numbers decide the outcome. */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    async createIntent({ intentId }) {
      return { clientSecret: `test_${intentId}_secret_${randomBytes(16).toString('hex')}`, providerRef: null };
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
