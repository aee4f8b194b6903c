import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  PAYMENT_MESSAGES,
  TEST_CARDS,
  TEST_CARDS_ON_FILE,
  cardErrors,
  digitsOnly,
  type Card,
} from '@dispatch/shared';
import { AppError } from '../../plugins/errors.js';
import type { SubscriptionProvider } from './subscription-provider.js';

/*
 * The built-in test provider's renewing plans: the card is kept as an opaque token naming its kind, and the renewal
 * job (renewals.ts) charges it on the server's clock. The subscription lives in our rows only, so the provider has
 * nothing to open, cancel or resume beyond the secret the card form confirms with.
 */

/** The secret the test provider's card form confirms a payment with (`POST /api/payments/confirm`). */
export const testClientSecret = (intentId: string) => `test_${intentId}_secret_${randomBytes(16).toString('hex')}`;

export const TEST_SUBSCRIPTIONS: SubscriptionProvider = {
  name: 'test',
  async openSubscription(_db, { localSubscriptionId }) {
    return { clientSecret: testClientSecret(localSubscriptionId) };
  },
  async setCancelAtPeriodEnd(_subscription, cancel) {
    return cancel;
  },
  async cancelNow() {},
};

/** A test card kept on file for later charges: an opaque token naming its kind, and the digits a reader sees. */
export interface TestCardOnFile {
  token: string;
  last4: string;
}

const TOKEN_PREFIX = 'pm_test_';

/**
 * Keeps a test card for a renewing plan, as Stripe attaches a card to a customer: only the cards Stripe lets
 * attach (4242…, and 4000 0000 0000 0341, whose charges fail later) give a token; any other is refused with the
 * message a card network would give (402).
 */
export function attachCard(card: Card, now: Date): TestCardOnFile {
  const problems = cardErrors(card, now);
  const first = problems.number ?? problems.expiry ?? problems.cvc;
  if (first) throw declined(first);
  const digits = digitsOnly(card.number);
  const kind = TEST_CARDS_ON_FILE[digits as keyof typeof TEST_CARDS_ON_FILE];
  if (!kind) throw declined(TEST_CARDS[digits as keyof typeof TEST_CARDS] ?? PAYMENT_MESSAGES.notTestCard);
  return { token: `${TOKEN_PREFIX}${kind}_${randomBytes(12).toString('hex')}`, last4: digits.slice(-4) };
}

/** A card refused: 402 with the network's message. */
export const declined = (message: string) => new AppError(ERROR_CODES.cardDeclined, 402, message);

/** Charges a stored test card: 'succeeded', or the decline a charge of its kind gets. */
export function chargeCardOnFile(token: string): 'succeeded' | string {
  const kind = token.startsWith(TOKEN_PREFIX) ? token.slice(TOKEN_PREFIX.length).replace(/_[0-9a-f]+$/, '') : '';
  return kind === 'visa' ? 'succeeded' : PAYMENT_MESSAGES.cardDeclined;
}
