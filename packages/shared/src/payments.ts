import { z } from 'zod';
import { text } from './fields.js';
import { PlanIdSchema } from './plans.js';

export const PAYMENT_MESSAGES = {
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  notTestCard: 'This site takes test payments only: use a test card such as 4242 4242 4242 4242.',
  expiryInvalid: "Your card's expiration date is incomplete.",
  expired: 'Your card has expired.',
  cvcInvalid: "Your card's security code is incomplete.",
  intentNotFound: 'That payment was not found. Start again from the subscription page.',
  wrongProvider: 'This site takes payments through Stripe.',
  webhookSignature: 'The webhook signature is not valid.',
  webhookNotAnEvent: 'The webhook body is not a Stripe event this site can read.',
  grantInPast: 'Choose an expiry date in the future.',
} as const;

/** Stripe's documented test numbers and what each does to a payment made at once. */
export const TEST_CARDS = {
  '4242424242424242': 'succeeded',
  '4000000000000002': PAYMENT_MESSAGES.cardDeclined,
  '4000000000009995': PAYMENT_MESSAGES.insufficientFunds,
  // Attaches to a customer (free days start with it), then every charge is declined.
  '4000000000000341': PAYMENT_MESSAGES.cardDeclined,
} as const satisfies Record<string, string>;

/**
 * The test cards a renewing plan keeps on file, and what its later charges do: the stored payment method is an
 * opaque token naming the kind (docs/architecture/payments.md#renewals), never the number.
 */
export const TEST_CARDS_ON_FILE = {
  '4242424242424242': 'visa',
  '4000000000000341': 'charge_declined',
} as const satisfies Record<string, string>;
export type TestCardOnFile = (typeof TEST_CARDS_ON_FILE)[keyof typeof TEST_CARDS_ON_FILE];

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const CardSchema = z.object({
  number: text().max(30),
  /** MM/YY */
  expiry: text().max(7),
  cvc: text().max(4),
});
export type Card = z.infer<typeof CardSchema>;

/** Field errors of a card as a person typed it, checked the same way in the form and on the server. */
export function cardErrors(card: Card, now: Date): Partial<Record<keyof Card, string>> {
  const errors: Partial<Record<keyof Card, string>> = {};
  if (!luhnValid(card.number)) errors.number = PAYMENT_MESSAGES.incorrectNumber;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) errors.expiry = PAYMENT_MESSAGES.expiryInvalid;
  else {
    const year = 2000 + Number(expiry[2]);
    const endOfMonth = Date.UTC(year, month, 1);
    if (endOfMonth <= now.getTime()) errors.expiry = PAYMENT_MESSAGES.expired;
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = PAYMENT_MESSAGES.cvcInvalid;
  return errors;
}

/** 4242424242424242 -> "4242 4242 4242 4242" */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12/30" */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const CreatePaymentIntentInputSchema = z.object({ planId: PlanIdSchema });

export const PaymentIntentSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['test', 'stripe']),
  planId: z.string(),
  /** In major units, from the server's plan table. */
  amount: z.number(),
  currency: z.string(),
  /**
   * Stripe, a renewing plan: what the browser confirms with the secret. payment (or absent): a PaymentIntent,
   * Stripe.js `confirmPayment`; setup: a SetupIntent keeping the card for after the free days, `confirmSetup`.
   */
  kind: z.enum(['payment', 'setup']).optional(),
  /**
   * A renewing plan: the free days this checkout starts with for this reader (`freeDaysFor`); 0 when the first
   * charge is made at once. Absent for a pass.
   */
  freeDays: z.number().int().optional(),
});
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

const ClientSecretSchema = text().max(200);
export const ConfirmPaymentInputSchema = z.object({ clientSecret: ClientSecretSchema, card: CardSchema });
export const PaymentStatusQuerySchema = z.object({ clientSecret: ClientSecretSchema });

export const PaymentResultSchema = z.object({
  status: z.literal('succeeded'),
  premiumTaken: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const PaymentStatusSchema = z.object({
  status: z.enum(['requires_payment', 'succeeded']),
  premiumTaken: z.string().nullable(),
});

export const GrantPremiumInputSchema = z.object({ premiumTaken: z.iso.datetime({ offset: true }) });

/** One payment as its payer (and an admin) sees it: what was bought, for how much, and the period it bought. */
export const BillingEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  planId: z.string(),
  /** The plan's name as it was bought. */
  planName: z.string(),
  /** In major units (dollars), as plans are priced. */
  amount: z.number(),
  currency: z.string(),
  /** Paid; declined (the card was refused, never paid since); incomplete (started, never paid). */
  status: z.enum(['paid', 'declined', 'incomplete']),
  /** The premium time this payment bought; null until it succeeded. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /**
   * payment: bought at checkout; free_days: a renewing plan's free days, nothing charged; renewal: a renewing
   * plan's later period, charged by the site.
   */
  kind: z.enum(['payment', 'free_days', 'renewal']),
});
export type BillingEntry = z.infer<typeof BillingEntrySchema>;

export const BillingHistorySchema = z.object({
  /** The current expiry of premium access (past when it has lapsed, null when never had). */
  premiumTaken: z.string().nullable(),
  payments: z.array(BillingEntrySchema),
});
export type BillingHistory = z.infer<typeof BillingHistorySchema>;

/** The newest payments a billing history shows. */
export const BILLING_HISTORY_LENGTH = 50;

export const BillingQuerySchema = z.object({ email: text().trim().toLowerCase().max(254).optional() });

export const BILLING_TEXT = {
  heading: 'Premium and billing',
  activeUntil: (date: string) => `Premium access until ${date}.`,
  endedOn: (date: string) => `Your premium access ended on ${date}.`,
  never: 'You have no premium access.',
  renew: 'Renew premium',
  subscribe: 'Get premium',
  none: 'No payments yet.',
  columns: { date: 'Date', plan: 'Plan', amount: 'Amount', status: 'Status', period: 'Period bought' },
  statuses: { paid: 'Paid', declined: 'Declined', incomplete: 'Not completed' },
  adminButton: 'Billing',
  adminTitle: (name: string) => `${name}: premium and billing`,
  adminIntro: 'Payments this reader made, and complimentary premium you can grant (recorded in the history).',
  grantLabel: 'Complimentary premium until',
  grant: 'Grant premium',
  granted: 'Premium granted',
  close: 'Close',
} as const;
