import { z } from 'zod';
import { CardSchema } from './payments.js';
import { RENEWAL_INTERVALS } from './plan-display.js';
import { DAY_MS } from './time.js';

/*
 * Subscriptions that renew (docs/product.md#renewing-subscriptions): a plan with an interval is charged again every
 * month or year until cancelled, at the price it was bought at. What web and server agree on: the states, the
 * reader's view of their subscription, and the words.
 */

/**
 * trialing: in its free days, nothing charged yet; active: paid for the current period; past_due: a renewal
 * failed, premium lasts through the grace period while the reader gives another card; ended: over for good.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a subscription ended. */
export const SUBSCRIPTION_END_REASONS = ['cancelled', 'payment_failed', 'account_deleted'] as const;
export type SubscriptionEndReason = (typeof SUBSCRIPTION_END_REASONS)[number];

export const SUBSCRIPTION_LIMITS = {
  /** A failed renewal's grace before premium lapses, unless the site sets RENEWAL_GRACE_DAYS. */
  graceDaysDefault: 3,
  graceDaysMax: 30,
  /** A yearly subscription's "renews on" e-mail goes out this many days before the charge. */
  yearlyReminderDays: 7,
} as const;

/**
 * A subscription that holds its reader's access while its renewal is decided (docs/product.md#renewing-subscriptions):
 * in its free days or paid for, and not cancelled. A cancelled one ends with its period, a past due one with its
 * grace; these end on the dates the reader was shown.
 */
export function holdsAccess(subscription: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean }): boolean {
  return (subscription.status === 'active' || subscription.status === 'trialing') && !subscription.cancelAtPeriodEnd;
}

/** A renewal is decided within a day of its period's end (the job every minute, Stripe's invoice about an hour after). */
export const RENEWAL_DECIDED_WITHIN_DAYS = 1;

/**
 * Until when a subscription that `holdsAccess` holds it while its renewal is undecided: the period's end plus the
 * grace days (RENEWAL_GRACE_DAYS) a refused renewal would have given, and at least a day, so a site without grace
 * days still keeps access through the renewal. Past that, if no job and no webhook decided the renewal, access ends
 * all the same. Null for a subscription that holds nothing past its period.
 */
export function renewalHeldUntil(
  subscription: { status: SubscriptionStatus; cancelAtPeriodEnd: boolean; periodEnd: Date },
  graceDays: number,
): Date | null {
  if (!holdsAccess(subscription)) return null;
  return new Date(subscription.periodEnd.getTime() + Math.max(graceDays, RENEWAL_DECIDED_WITHIN_DAYS) * DAY_MS);
}

/** A reader's subscription as /profile shows it: `GET /api/subscription`. */
export const SubscriptionSchema = z.object({
  _id: z.string(),
  planId: z.string(),
  /** The plan's name, price and interval as bought: a later price change applies to new buyers only. */
  planName: z.string(),
  /** In major units. */
  price: z.number(),
  currency: z.string(),
  renewsEvery: z.enum(RENEWAL_INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Cancelled by the reader: it ends at `periodEnd` and is not charged again, unless resumed before. */
  cancelAtPeriodEnd: z.boolean(),
  /** The current period: the free days, or the paid month or year. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** When the next charge is due; null when none will be (cancelled, ended). */
  nextChargeAt: z.string().nullable(),
  /** Past due: when premium lapses unless a payment succeeds. */
  graceEndsAt: z.string().nullable(),
  /** The last four digits of the card on file. */
  cardLast4: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedReason: z.enum(SUBSCRIPTION_END_REASONS).nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** The reader's current (or most recent) subscription; null when they never had one. */
export const MySubscriptionSchema = z.object({ subscription: SubscriptionSchema.nullable() });
export type MySubscription = z.infer<typeof MySubscriptionSchema>;

/** `POST /api/subscription/portal` (Stripe): a short-lived link to Stripe's customer portal, where the card changes. */
export const SubscriptionPortalSchema = z.object({ url: z.string() });
export type SubscriptionPortal = z.infer<typeof SubscriptionPortalSchema>;

/** `POST /api/subscription/card`: another card, charged at once for a subscription that is past due. */
export const SubscriptionCardInputSchema = z.object({ card: CardSchema });

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'You have no subscription.',
  alreadySubscribed: 'You already have a subscription. Cancel it, or wait until it ends, to choose another plan.',
  /** A checkout's payment row, for an operator: the site's own call to Stripe failed. */
  notTakenBack:
    'Paid beside a live subscription or for a deleted account; cancelling and refunding it at Stripe failed: do it in Stripe’s dashboard.',
  /** Stripe's first invoice of a checkout not saved yet: a 409 makes Stripe deliver it again, as any non-2xx does. */
  checkoutNotSaved: 'This checkout is still being saved; deliver the event again.',
  freeDaysUsed:
    'Your free days were used by an earlier subscription, so this one is charged at once. Open the payment page again to subscribe.',
  notCancellable: 'This subscription has already ended.',
  alreadyCancelled: 'This subscription is already cancelled: it ends at the end of the period.',
  notResumable: 'Only a cancelled subscription whose period has not ended can be resumed.',
} as const;

/** TEST_CLOCK only (`POST /api/test-clock`): minutes to move the server's clock forward, up to two years. */
export const TestClockInputSchema = z.object({
  advanceMinutes: z
    .number()
    .int()
    .min(1)
    .max(2 * 366 * 24 * 60),
});
export const TestClockSchema = z.object({ now: z.string(), offsetMinutes: z.number().int() });

export const SUBSCRIPTION_TEXT = {
  heading: 'Your subscription',
  /** /subscription's intro when a listed plan renews: TEXT.subscriptionPage.intro says nothing does. */
  introWithRenewing: 'Choose how you want premium access: a pass you pay once, or a plan that renews until you cancel.',
  every: { month: 'a month', year: 'a year' },
  statuses: {
    trialing: 'Free days',
    active: 'Active',
    past_due: 'Payment failed',
    cancelled: 'Cancelled',
    ended: 'Ended',
  },
  freeUntil: (date: string, price: string) => `Free until ${date}, when your first charge of ${price} is made.`,
  renewsOn: (date: string, price: string) => `Renews on ${date} for ${price}.`,
  endsOn: (date: string) => `Cancelled: premium continues until ${date}, and you will not be charged again.`,
  pastDue: (price: string, date: string) =>
    `We could not charge ${price}: your card was declined. Add another card by ${date} to keep premium.`,
  endedOn: (date: string) => `Ended on ${date}.`,
  endedReasons: {
    cancelled: 'You cancelled it.',
    payment_failed: 'The renewal payment failed.',
    account_deleted: 'The account was deleted.',
  },
  card: (last4: string) => `Card on file: •••• ${last4}`,
  changeCard: 'Change card',
  changeCardAtStripe: 'Change card at Stripe',
  newCard: 'New card',
  saveCard: 'Save card',
  payWithCard: 'Pay with this card',
  cardSaved: 'Card saved',
  paid: 'Payment received: your subscription is active again.',
  cancel: 'Cancel subscription',
  cancelTitle: 'Cancel your subscription?',
  cancelBody: (date: string) =>
    `Premium continues until ${date}. You will not be charged again, unless you resume before then.`,
  cancelPastDueBody: 'Your subscription ends now, and you will not be charged.',
  keep: 'Keep subscription',
  cancelled: 'Subscription cancelled',
  resume: 'Resume subscription',
  resumed: 'Subscription resumed: it renews as before',
  choosePlan: 'Choose a plan',
  banner: 'Your subscription payment failed. Add another card to keep premium.',
  bannerAction: 'Update card',
  checkoutFree: (days: number, price: string, date: string) =>
    `No charge today: ${days} ${days === 1 ? 'day' : 'days'} free. Your first charge of ${price} is on ${date}. Cancel any time from your profile.`,
  checkoutRenews: (interval: 'month' | 'year') =>
    `Renews every ${interval} at this price until you cancel. Cancel any time from your profile.`,
  checkoutHeading: (note: string) => `Subscribe: ${note}`,
  checkoutIntro: 'Premium access starts as soon as your card is accepted, and renews until you cancel.',
  startFreeDays: 'Start my free days',
  subscribe: 'Subscribe',
  testNoteRenewing:
    'A plan with free days also accepts 4000 0000 0000 0341: it is kept on file, and its first charge is declined.',
  closeCard: 'Keep the current card',
  dueToday: 'Due today',
  billingKinds: { payment: '', free_days: 'free days', renewal: 'renewal' },
  freeStatus: 'Free',
  /** The admin's users table, under the plan: "Renews monthly · Payment failed". */
  intervals: { month: 'monthly', year: 'yearly' },
  adminLine: (interval: string, state: string) => `Renews ${interval} · ${state}`,
  /** The dashboard's funnel. */
  funnel: {
    heading: 'Renewing subscriptions',
    started: 'Started',
    renewed: 'Renewed',
    refused: 'Renewals refused',
    cancelled: 'Ended by the reader',
    lapsed: 'Ended after a failed renewal',
  },
} as const;
