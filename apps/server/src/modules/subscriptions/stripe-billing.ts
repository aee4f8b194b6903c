import {
  addInterval,
  DAY_MS,
  type PlanSnapshot,
  type SubscriptionEndReason,
  type SubscriptionStatus,
} from '@dispatch/shared';
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { RenewingPlan } from './subscription-provider.js';

export type { RenewingPlan };

/*
 * Stripe Billing for renewing plans (docs/decisions/052-renewing-subscriptions.md): Stripe keeps the card, charges
 * each period and retries; the site learns what was paid from signed webhooks and grants premium from that.
 *
 * Shapes are those of the API version the installed SDK pins (stripe@23, `2026-10-28.endive`), which differ from
 * older guides since 2025-03-31.basil:
 * - an invoice has no `payment_intent`: the first invoice's client secret is `confirmation_secret.client_secret`
 *   (expand `latest_invoice.confirmation_secret`);
 * - an invoice has no `subscription`: it is `parent.subscription_details.subscription`, and a line's is
 *   `parent.subscription_item_details.subscription`;
 * - a subscription has no `current_period_start/end`: each item has its own (`items.data[].current_period_end`);
 * - a subscription item's `price_data` takes a Product id (`product`), not `product_data`.
 */

/** What checkout hands the browser: confirm a payment (first period due now) or a setup (free days first). */
export interface StartedStripeSubscription {
  customerId: string;
  subscriptionId: string;
  /** `incomplete` until the first invoice is paid; `trialing` during free days. */
  status: Stripe.Subscription.Status;
  clientSecret: string;
  /** payment: Stripe.js `confirmPayment` (a PaymentIntent's secret); setup: `confirmSetup` (a SetupIntent's). */
  kind: 'payment' | 'setup';
}

export interface StripeCheckout {
  /** The local row this subscription belongs to; keys every request, so a retried checkout creates nothing twice. */
  localSubscriptionId: string;
  userId: string;
  customerEmail: string;
  /** The reader's Stripe customer from an earlier checkout, if any: reused unless deleted at Stripe. */
  existingCustomerId?: string | null;
  planId: string;
  plan: RenewingPlan;
}

/** A subscription's state as the site keeps it, read from a Stripe Subscription. */
export interface StripeSubscriptionState {
  subscriptionRef: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
  /**
   * Whether a card is on file for renewals. Free days start at Stripe (and their 0 invoice is paid) as soon as the
   * subscription is created; the card comes when the browser confirms the SetupIntent, and Stripe then sets it as
   * the subscription's default (`customer.subscription.updated`).
   */
  hasPaymentMethod: boolean;
  /** The latest end among its items' periods (one item here); null if Stripe sent no items. */
  currentPeriodEnd: Date | null;
}

const stripeCode = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
const isInvalidRequest = (error: unknown): boolean =>
  !!error && typeof error === 'object' && 'type' in error && error.type === 'StripeInvalidRequestError';
const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;
const fromUnix = (seconds: number) => new Date(seconds * 1000);

/**
 * The Product a plan's subscriptions are sold under, one per plan and name (what invoices and the portal show).
 * Its id is derived from both, so it is found again without storing it, and a renamed plan gets a new one; a
 * subscription's price comes from the snapshot (`price_data`), never from the Product.
 */
export function productIdFor(planId: string, name: string): string {
  const digest = createHash('sha256').update(`${planId}\n${name}`).digest('hex').slice(0, 16);
  return `dispatch_plan_${planId.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 40)}_${digest}`;
}

/** Finds the plan's Product, or creates it; two checkouts creating it at once both end with the same one. */
export async function ensureProduct(stripe: Stripe, plan: { planId: string; name: string }): Promise<string> {
  const id = productIdFor(plan.planId, plan.name);
  try {
    await stripe.products.retrieve(id);
    return id;
  } catch (error) {
    if (stripeCode(error) !== 'resource_missing') throw error;
  }
  try {
    await stripe.products.create(
      { id, name: plan.name, metadata: { planId: plan.planId } },
      { idempotencyKey: `dispatch-product-${id}` },
    );
  } catch (error) {
    if (stripeCode(error) !== 'resource_already_exists') throw error;
  }
  return id;
}

/**
 * The reader's Stripe customer: the one from an earlier checkout while Stripe still has it, else a new one carrying
 * the reader's e-mail (Stripe's receipts and portal use it) and id.
 */
export async function ensureCustomer(
  stripe: Stripe,
  checkout: Pick<StripeCheckout, 'existingCustomerId' | 'customerEmail' | 'userId' | 'localSubscriptionId'>,
): Promise<string> {
  if (checkout.existingCustomerId) {
    try {
      const found = await stripe.customers.retrieve(checkout.existingCustomerId);
      if (!found.deleted) return found.id;
    } catch (error) {
      if (stripeCode(error) !== 'resource_missing') throw error;
    }
  }
  const created = await stripe.customers.create(
    { email: checkout.customerEmail, metadata: { userId: checkout.userId } },
    { idempotencyKey: `dispatch-customer-${checkout.localSubscriptionId}` },
  );
  return created.id;
}

/**
 * Opens a Stripe subscription for a renewing plan, at the snapshot's amount (minor units), currency and interval,
 * with the plan's free days as a trial. It starts `incomplete` (`payment_behavior: default_incomplete`): nothing is
 * charged until the browser confirms the first invoice's payment with the client secret returned here, or, with free
 * days, confirms the SetupIntent that keeps the card (`pending_setup_intent`). The card confirmed becomes the
 * subscription's default (`save_default_payment_method: on_subscription`), charged by Stripe at each renewal.
 * The metadata names the local subscription and reader: every invoice of the subscription carries it
 * (`parent.subscription_details.metadata`), so a webhook finds its row even before the subscription id was stored.
 * Idempotency keys derived from the local subscription make a retried checkout answer the same subscription
 * (Stripe keeps keys for 24 hours).
 */
export async function startStripeSubscription(
  stripe: Stripe,
  checkout: StripeCheckout,
): Promise<StartedStripeSubscription> {
  const { plan, localSubscriptionId, userId, planId } = checkout;
  const customerId = await ensureCustomer(stripe, checkout);
  const product = await ensureProduct(stripe, { planId, name: plan.name });
  const freeDays = plan.freeDays ?? 0;
  const subscription = await stripe.subscriptions.create(
    {
      customer: customerId,
      items: [
        {
          price_data: {
            currency: plan.currency.toLowerCase(),
            product,
            unit_amount: plan.amount,
            recurring: { interval: plan.renewsEvery },
          },
        },
      ],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      // Free days that end with no card on file cancel the subscription (`customer.subscription.deleted`) rather
      // than open an invoice nobody can pay.
      ...(freeDays > 0
        ? { trial_period_days: freeDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } }
        : {}),
      metadata: { localSubscriptionId, userId, planId },
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    },
    { idempotencyKey: `dispatch-subscription-${localSubscriptionId}` },
  );
  return { customerId, subscriptionId: subscription.id, status: subscription.status, ...clientSecretOf(subscription) };
}

/** The secret the browser confirms: the SetupIntent's while in free days, else the first invoice's payment's. */
function clientSecretOf(subscription: Stripe.Subscription): Pick<StartedStripeSubscription, 'clientSecret' | 'kind'> {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup === 'object' && setup.client_secret) {
    return { clientSecret: setup.client_secret, kind: 'setup' };
  }
  const invoice = subscription.latest_invoice;
  const secret = invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : undefined;
  if (secret) return { clientSecret: secret, kind: 'payment' };
  throw new Error(`Stripe answered subscription ${subscription.id} without a client secret`);
}

/** A Stripe Subscription as the site keeps it. */
export function readSubscription(subscription: Stripe.Subscription): StripeSubscriptionState {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return {
    subscriptionRef: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    hasPaymentMethod: subscription.default_payment_method !== null,
    currentPeriodEnd: ends.length > 0 ? fromUnix(Math.max(...ends)) : null,
  };
}

/** Cancel (true) or resume (false) at the end of the period already paid: nothing is refunded, nothing charged now. */
export async function setCancelAtPeriodEnd(
  stripe: Stripe,
  subscriptionId: string,
  cancel: boolean,
): Promise<StripeSubscriptionState> {
  return readSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
}

/**
 * Ends a subscription at once (a past due one cancelled, an account deleted): never charged again, nothing
 * refunded. Cancelling one Stripe already cancelled answers its state rather than an error, so a retry is harmless.
 */
export async function cancelNow(stripe: Stripe, subscriptionId: string): Promise<StripeSubscriptionState> {
  try {
    return readSubscription(await stripe.subscriptions.cancel(subscriptionId));
  } catch (error) {
    if (!isInvalidRequest(error)) throw error;
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    if (current.status !== 'canceled' && current.status !== 'incomplete_expired') throw error;
    return readSubscription(current);
  }
}

/**
 * Takes back a subscription the site will not serve (a second one paid beside the reader's live one, or one whose
 * reader deleted the account before its first invoice was paid): cancelled at once, and what its invoice collected
 * refunded (`reason: duplicate`). Safe to repeat: a cancelled subscription stays cancelled, each refund has its own
 * idempotency key, and a payment already refunded counts as done. Answers the minor units refunded now.
 */
export async function takeBack(
  stripe: Stripe,
  subscriptionId: string,
  invoice: { invoiceId: string; amount: number },
): Promise<number> {
  await cancelNow(stripe, subscriptionId);
  if (invoice.amount === 0) return 0;
  let refunded = 0;
  for await (const payment of stripe.invoicePayments.list({ invoice: invoice.invoiceId, status: 'paid' })) {
    const intent = idOf(payment.payment.payment_intent);
    if (!intent) continue;
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: intent, reason: 'duplicate', metadata: { invoice: invoice.invoiceId } },
        { idempotencyKey: `dispatch-refund-${invoice.invoiceId}-${intent}` },
      );
      refunded += refund.amount;
    } catch (error) {
      if (stripeCode(error) !== 'charge_already_refunded') throw error;
    }
  }
  return refunded;
}

/**
 * A short-lived link to Stripe's customer portal, where the reader changes the card on file (Stripe.js never sees
 * a card here). `flow: 'payment_method_update'` opens the card form directly. The portal's settings (what it
 * allows) are the Stripe account's, set in its dashboard.
 */
export async function portalUrl(
  stripe: Stripe,
  customerId: string,
  returnUrl: string,
  flow?: 'payment_method_update',
): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: returnUrl,
    ...(flow ? { flow_data: { type: flow } } : {}),
  });
  return session.url;
}

/** What a Billing webhook means for the site, whatever Stripe's shape. */
export type BillingEvent = PaidEvent | PaymentFailedEvent | UpdatedEvent | DeletedEvent;

interface EventBase {
  eventId: string;
  /** Stripe's `created`, in whole seconds: the order Stripe produced events in, whatever order they arrive in. */
  eventCreated: Date;
  subscriptionRef: string;
  /** From the subscription's metadata, when it carries it (set at checkout). */
  localSubscriptionId: string | undefined;
}

interface InvoiceEvent extends EventBase {
  invoiceId: string;
  /** The service period the invoice's subscription line is for (not the invoice's own period_start/end). */
  periodStart: Date;
  periodEnd: Date;
  currency: string;
  /** subscription_create: checkout's invoice (free days: 0); subscription_cycle: a renewal. */
  billingReason: Stripe.Invoice.BillingReason | null;
}

export interface PaidEvent extends InvoiceEvent {
  kind: 'paid';
  /** What Stripe says was paid, in minor units (`amount_paid`). */
  amount: number;
}

export interface PaymentFailedEvent extends InvoiceEvent {
  kind: 'payment_failed';
  /** What was asked and not paid (`amount_due`). */
  amount: number;
  attemptCount: number;
  /** When Stripe tries again; null when it will not (retries exhausted). */
  nextAttemptAt: Date | null;
}

export interface UpdatedEvent extends EventBase, Omit<StripeSubscriptionState, 'subscriptionRef'> {
  kind: 'updated';
}

export interface DeletedEvent extends EventBase {
  kind: 'deleted';
  endedAt: Date;
  reason: Extract<SubscriptionEndReason, 'cancelled' | 'payment_failed'>;
}

/**
 * The four Billing webhooks the site applies, read into one shape; any other event, or an invoice that is not a
 * subscription's, is undefined. The caller verified the signature (`stripe.webhooks.constructEvent`) first.
 */
export function readBillingEvent(event: Stripe.Event): BillingEvent | undefined {
  const base = { eventId: event.id, eventCreated: fromUnix(event.created) };
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = readInvoice(event.data.object);
      return invoice && { kind: 'paid', ...base, ...invoice, amount: event.data.object.amount_paid };
    }
    case 'invoice.payment_failed': {
      const failed = event.data.object;
      const invoice = readInvoice(failed);
      return (
        invoice && {
          kind: 'payment_failed',
          ...base,
          ...invoice,
          amount: failed.amount_due,
          attemptCount: failed.attempt_count,
          nextAttemptAt: failed.next_payment_attempt ? fromUnix(failed.next_payment_attempt) : null,
        }
      );
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const { subscriptionRef, ...state } = readSubscription(subscription);
      return {
        kind: 'updated',
        ...base,
        subscriptionRef,
        localSubscriptionId: subscription.metadata.localSubscriptionId,
        ...state,
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        kind: 'deleted',
        ...base,
        subscriptionRef: subscription.id,
        localSubscriptionId: subscription.metadata.localSubscriptionId,
        endedAt: fromUnix(subscription.ended_at ?? subscription.canceled_at ?? event.created),
        reason: subscription.cancellation_details?.reason === 'payment_failed' ? 'payment_failed' : 'cancelled',
      };
    }
    default:
      return undefined;
  }
}

/**
 * An invoice's subscription, and the period its subscription line (not a proration) pays for. An invoice's own
 * `period_start/end` is the window its items were gathered in, which for a renewal is the period before, so the
 * line's `period` is what access is granted for.
 */
function readInvoice(invoice: Stripe.Invoice): Omit<InvoiceEvent, 'eventId' | 'eventCreated'> | undefined {
  const line = invoice.lines.data.find(
    (item) => item.parent?.type === 'subscription_item_details' && !item.parent.subscription_item_details?.proration,
  );
  const details = invoice.parent?.subscription_details;
  const subscriptionRef =
    idOf(details?.subscription) ?? line?.parent?.subscription_item_details?.subscription ?? undefined;
  if (!line || !subscriptionRef) return undefined;
  return {
    subscriptionRef,
    localSubscriptionId: details?.metadata?.localSubscriptionId,
    invoiceId: invoice.id,
    periodStart: fromUnix(line.period.start),
    periodEnd: fromUnix(line.period.end),
    currency: invoice.currency,
    billingReason: invoice.billing_reason,
  };
}

/*
 * Stripe does not promise to deliver events in order, and redelivers some. A replay (same event id) is refused
 * before these rules by the processed-events table; these decide what an authentic event that arrives late may
 * still change.
 */

/**
 * Whether a subscription event may change what the site keeps: not when an event Stripe created earlier than the
 * last one applied arrives late. `created` counts whole seconds, so an event of the same second as the last one
 * applied cannot be ordered by it; it is applied (the later delivery is the better guess). An ended subscription is
 * not revived by any of them: `deleted` is final.
 */
export function isNewer(eventCreated: Date, lastAppliedAt: Date | null | undefined): boolean {
  return !lastAppliedAt || eventCreated.getTime() >= lastAppliedAt.getTime();
}

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The subscription's period once a paid invoice is applied: a period ending later moves it on; an earlier one (a
 * late `invoice.paid` for a period since renewed) or the same one leaves it, so access is never shortened. The
 * payment itself is still recorded, once per period start (the unique index on payment_intents).
 */
export function periodAfterPaid(current: Period | null, paid: Period): { period: Period; moved: boolean } {
  if (!current || paid.end.getTime() > current.end.getTime()) return { period: paid, moved: true };
  return { period: current, moved: false };
}

/** Slack over the site's own arithmetic for Stripe's: a billing anchor, a trial's end, the seconds between calls. */
export const PERIOD_TOLERANCE_MS = DAY_MS;

/**
 * The period a paid invoice grants, bounded by what its plan sells rather than taken as sent. It starts at its line's
 * start, counted no later than when Stripe created the event (a genuine line never starts after its invoice is paid).
 * It ends at the line's end when that is at most one interval of the plan after the start (checkout's 0 invoice of
 * free days: the plan's free days) plus `PERIOD_TOLERANCE_MS`; a line that asks for more, or starts later than its
 * event, grants exactly one interval (`bounded`).
 */
export function grantedPeriod(
  paid: Pick<PaidEvent, 'periodStart' | 'periodEnd' | 'eventCreated' | 'amount' | 'billingReason'>,
  plan: RenewingPlan,
): Period & { bounded: boolean } {
  const startsLater = paid.periodStart.getTime() > paid.eventCreated.getTime();
  const start = startsLater ? paid.eventCreated : paid.periodStart;
  const freeDays = plan.freeDays ?? 0;
  const isFreeDays = paid.amount === 0 && paid.billingReason === 'subscription_create' && freeDays > 0;
  const longest = isFreeDays ? new Date(start.getTime() + freeDays * DAY_MS) : addInterval(start, plan.renewsEvery);
  if (!startsLater && paid.periodEnd.getTime() <= longest.getTime() + PERIOD_TOLERANCE_MS) {
    return { start, end: paid.periodEnd, bounded: false };
  }
  return { start, end: new Date(Math.min(paid.periodEnd.getTime(), longest.getTime())), bounded: true };
}

/**
 * Whether a failed invoice makes the subscription past due: only a renewal for a period after the last one paid.
 * A failure Stripe reports after the same period was paid (a retry succeeded) changes nothing, and checkout's own
 * failure (`subscription_create`) is the browser's to show: that subscription never started.
 */
export function failureApplies(
  failed: Pick<PaymentFailedEvent, 'periodStart' | 'billingReason'>,
  lastPaid: Period | null,
): boolean {
  if (failed.billingReason === 'subscription_create' || !lastPaid) return false;
  return failed.periodStart.getTime() >= lastPaid.end.getTime();
}

/**
 * Paid as the snapshot asks (docs/decisions/040-paid-as-asked-and-reads-the-reader-chose.md): its amount in its
 * currency, or nothing at all for checkout's invoice of a plan that starts with free days.
 */
export function paidAsAsked(
  paid: Pick<PaidEvent, 'amount' | 'currency' | 'billingReason'>,
  plan: PlanSnapshot,
): boolean {
  if (paid.currency.toLowerCase() !== plan.currency.toLowerCase()) return false;
  if (paid.amount === plan.amount) return true;
  return paid.amount === 0 && paid.billingReason === 'subscription_create' && (plan.freeDays ?? 0) > 0;
}

/**
 * The site's state for a Stripe status; undefined for those it has no state for: `incomplete` (checkout not paid,
 * nothing started), and `unpaid` or `paused`, which Stripe reaches only when its Billing settings say so after
 * failed retries or free days without a card (the site's settings there are "cancel the subscription", which
 * Stripe reports as `customer.subscription.deleted`).
 */
export function localStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus | undefined {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return undefined;
  }
}
