import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES, TEST_CARDS, TEST_CARDS_ON_FILE, cardErrors, digitsOnly, type Card } from '@dispatch/shared';
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

/** A test card kept on file for later charges: an opaque token naming its kind, and the digits a reader sees. */
export interface TestCardOnFile {
  token: string;
  last4: string;
}

const TOKEN_PREFIX = 'pm_test_';

/**
 * Keeps a test card for a renewing plan, as Stripe attaches a card to a customer: only the cards Stripe lets
 * attach (4242…, and 4000 0000 0000 0341, whose charges fail later) give a token; any other gives the message
 * a card network would.
 */
export function attachTestCard(card: Card, now: Date): TestCardOnFile | string {
  const problems = cardErrors(card, now);
  const first = problems.number ?? problems.expiry ?? problems.cvc;
  if (first) return first;
  const digits = digitsOnly(card.number);
  const kind = TEST_CARDS_ON_FILE[digits as keyof typeof TEST_CARDS_ON_FILE];
  if (!kind) return TEST_CARDS[digits as keyof typeof TEST_CARDS] ?? PAYMENT_MESSAGES.notTestCard;
  return { token: `${TOKEN_PREFIX}${kind}_${randomBytes(12).toString('hex')}`, last4: digits.slice(-4) };
}

/** Charges a stored test card: 'succeeded', or the decline a charge of its kind gets. */
export function chargeTestCardOnFile(token: string): 'succeeded' | string {
  const kind = token.startsWith(TOKEN_PREFIX) ? token.slice(TOKEN_PREFIX.length).replace(/_[0-9a-f]+$/, '') : '';
  return kind === 'visa' ? 'succeeded' : PAYMENT_MESSAGES.cardDeclined;
}
