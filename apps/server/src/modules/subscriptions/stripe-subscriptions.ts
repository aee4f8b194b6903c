import { HOUR_MS, PAYMENT_MESSAGES, SUBSCRIPTION_MESSAGES, type SubscriptionPortal } from '@dispatch/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import type { AfterCommit } from '../../db/commit.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { recordSubscription } from '../revenue/funnel.service.js';
import { accessChanged } from '../premium/premium-grants.js';
import { findLiveSubscription } from '../users/users.service.js';
import {
  cancelNow,
  failureApplies,
  grantedPeriod,
  isNewer,
  localStatusOf,
  paidAsAsked,
  periodAfterPaid,
  portalUrl,
  readBillingEvent,
  setCancelAtPeriodEnd,
  startStripeSubscription,
  takeBack,
  type DeletedEvent,
  type PaidEvent,
  type PaymentFailedEvent,
  type RenewingPlan,
  type UpdatedEvent,
} from './stripe-billing.js';
import type { SubscriptionProvider } from './subscription-provider.js';
import * as subscriptions from './subscriptions.repository.js';
import { end, grantPeriod, graceEndOf, paymentFailedOf, receipt } from './subscriptions.service.js';

/*
 * Renewing plans with Stripe Billing (docs/decisions/053-stripe-billing.md): Stripe keeps the card, charges each
 * period and retries; the site grants premium from its signed webhooks, with the same rows, access rule
 * (`grantRenewingPeriod`), e-mails and funnel as the test provider's subscriptions (subscriptions.service.ts). The reader's
 * checkout, cancel and resume reach Stripe through the provider (`stripeSubscriptions`). The renewal
 * job never claims these rows (their `next_attempt_at` stays null). Stripe's shapes and out-of-order rules are in
 * stripe-billing.ts.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments' | 'cache' | 'viewers' | 'notifier'>;
type SubscriptionRow = subscriptions.SubscriptionRow;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * How long after Stripe created checkout's first invoice event its checkout may still be being saved (it is saved
 * seconds after Stripe answers); past it, a checkout the site does not have is not one of this site's.
 */
const CHECKOUT_SAVE_WINDOW_MS = HOUR_MS;
const periodOf = (row: SubscriptionRow) => ({ start: row.periodStart, end: row.periodEnd });
const latest = (a: Date | null, b: Date) => (a && a > b ? a : b);

function stripeOf(deps: Pick<Deps, 'payments'>): Stripe {
  const stripe = deps.payments.stripe?.client;
  if (!stripe) throw new Error('A Stripe subscription needs PAYMENTS=stripe and its keys');
  return stripe;
}

/**
 * Stripe's part of the payment provider for renewing plans (subscription-provider.ts). Checkout opens the
 * subscription at Stripe (incomplete, or in its free days) under the reader's Stripe customer; the checkout's local id
 * is carried in the subscription's metadata, and its row is created with it when the first invoice is paid. A
 * subscription Stripe does not keep (no `providerRef`) has nothing to change there.
 */
export function stripeSubscriptions(stripe: Stripe): Omit<SubscriptionProvider, 'name'> {
  return {
    async openSubscription(db, checkout, now) {
      const started = await startStripeSubscription(stripe, {
        ...checkout,
        existingCustomerId: await subscriptions.findStripeCustomer(db, checkout.userId),
      });
      await subscriptions.saveStripeCustomer(db, checkout.userId, started.customerId, now);
      return { clientSecret: started.clientSecret, kind: started.kind };
    },
    async setCancelAtPeriodEnd({ providerRef }, cancel) {
      return providerRef ? (await setCancelAtPeriodEnd(stripe, providerRef, cancel)).cancelAtPeriodEnd : cancel;
    },
    async cancelNow({ providerRef }) {
      if (providerRef) await cancelNow(stripe, providerRef);
    },
  };
}

/**
 * A Billing webhook's effect, in the webhook's transaction (the event id already claimed): the subscription's row is
 * found by Stripe's id or the local id in its metadata, and locked, so two deliveries and a reader's change take
 * turns. Events for subscriptions the site did not start change nothing (logged, answered 200).
 */
export async function applyBillingEvent(
  deps: Pick<Deps, 'db' | 'config' | 'notifier' | 'payments'>,
  log: FastifyBaseLogger,
  tx: DbOrTx,
  after: AfterCommit,
  event: Stripe.Event,
  now: Date,
): Promise<void> {
  const billing = readBillingEvent(event);
  if (!billing) return;
  const localId =
    billing.localSubscriptionId && UUID.test(billing.localSubscriptionId) ? billing.localSubscriptionId : undefined;
  const row = await subscriptions.lockStripe(tx, billing.subscriptionRef, localId);
  if (row?.userId) await accessChanged(tx, after, [row.userId]);
  if (!row && billing.kind !== 'paid') {
    log.info(
      { event: billing.eventId, subscription: billing.subscriptionRef },
      `stripe ${event.type} of a subscription this site does not keep; ignored`,
    );
    return;
  }
  switch (billing.kind) {
    case 'paid':
      if (row) await applyPaid(deps, log, tx, after, row, billing, now);
      else await startFromFirstInvoice(deps, log, tx, after, billing, localId, now);
      return;
    case 'payment_failed':
      if (row) await applyFailure(deps, tx, after, row, billing, now);
      return;
    case 'updated':
      if (row) await applyUpdate(tx, after, row, billing, now);
      return;
    case 'deleted':
      if (row) await applyDeleted(tx, after, row, billing);
      return;
  }
}

/**
 * The invoice's period as its plan allows it to grant (`grantedPeriod`): a line that asked for more is logged and
 * granted one interval.
 */
function boundedByPlan(log: FastifyBaseLogger, paid: PaidEvent, plan: RenewingPlan): PaidEvent {
  const granted = grantedPeriod(paid, plan);
  if (granted.bounded) {
    log.warn(
      {
        event: paid.eventId,
        invoice: paid.invoiceId,
        line: { start: paid.periodStart, end: paid.periodEnd },
        granted: { start: granted.start, end: granted.end },
      },
      'stripe invoice line is longer than its plan sells; one interval granted',
    );
  }
  return { ...paid, periodStart: granted.start, periodEnd: granted.end };
}

/**
 * Checkout's invoice paid (free days: at 0): the subscription starts, in its free days or its first paid period, and
 * premium runs to the end of the period the invoice's line covers, bounded by the plan. A subscription the site will
 * not serve (beside the reader's live one, or for a deleted account) is taken back at Stripe after commit: cancelled,
 * refunded.
 */
async function startFromFirstInvoice(
  deps: Pick<Deps, 'db' | 'notifier' | 'payments'>,
  log: FastifyBaseLogger,
  tx: DbOrTx,
  after: AfterCommit,
  sent: PaidEvent,
  localId: string | undefined,
  now: Date,
) {
  const context = { event: sent.eventId, subscription: sent.subscriptionRef, invoice: sent.invoiceId };
  if (!localId) {
    log.warn(context, 'stripe invoice of a subscription this site did not start; ignored');
    return;
  }
  const intent = await subscriptions.findCheckout(tx, localId);
  if (!intent) {
    // Stripe can pay free days' invoice before checkout saved its intent: a 409 (any answer but a 2xx) makes Stripe
    // deliver it again later, and no 5xx is logged as the site failing. Long after, the checkout is not coming: it
    // is another site's, or its save failed.
    if (now.getTime() - sent.eventCreated.getTime() < CHECKOUT_SAVE_WINDOW_MS) {
      throw conflict(SUBSCRIPTION_MESSAGES.checkoutNotSaved);
    }
    log.warn({ ...context, checkout: localId }, 'stripe invoice of a checkout this site does not have; ignored');
    return;
  }
  if (intent.status === 'succeeded' || intent.provider !== 'stripe') return;
  const plan = intent.planSnapshot as RenewingPlan;
  if (!paidAsAsked(sent, plan)) {
    // Authentic but not what was asked: nothing is granted (docs/decisions/040-paid-as-asked-and-reads-the-reader-chose.md).
    log.error(
      {
        ...context,
        asked: { amount: plan.amount, currency: plan.currency },
        paid: { amount: sent.amount, currency: sent.currency },
      },
      'stripe invoice does not match its plan; premium not granted',
    );
    return;
  }
  const userId = intent.userId;
  // The reader's checkouts take turns, as the test provider's do: of two first invoices paid at once, the second
  // finds the first's subscription instead of breaking the one-live-subscription index.
  if (userId) await subscriptions.lockCheckouts(tx, userId);
  const live = userId ? await findLiveSubscription(tx, userId) : undefined;
  // This checkout's own subscription, started by another event of the same invoice while this one waited.
  if (live?.id === intent.id) return;
  if (!userId || live) {
    if (live) await subscriptions.recordRefusal(tx, intent.id, SUBSCRIPTION_MESSAGES.alreadySubscribed);
    const taken = { ...context, checkout: intent.id, live: live?.id };
    after.call(() => takeBackAtStripe(deps, log, taken, sent));
    return;
  }
  const paid = boundedByPlan(log, sent, plan);
  const free = paid.amount === 0;
  const row = await subscriptions.insert(tx, {
    id: localId,
    userId,
    planId: intent.planId,
    planSnapshot: plan,
    provider: 'stripe',
    providerRef: paid.subscriptionRef,
    status: free ? 'trialing' : 'active',
    periodStart: paid.periodStart,
    periodEnd: paid.periodEnd,
    nextAttemptAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await subscriptions.recordStripeStart(tx, intent.id, {
    subscriptionId: row.id,
    kind: free ? 'free_days' : 'payment',
    amount: paid.amount,
    periodStart: paid.periodStart,
    periodEnd: paid.periodEnd,
    providerRef: paid.invoiceId,
    succeededAt: now,
  });
  await grantPeriod(tx, after, row, paid.periodEnd, now);
  await recordSubscription(tx, userId, now);
  if (!free) await receipt(deps.notifier, tx, row, paid.periodStart, paid.periodEnd, now);
}

/**
 * A subscription the site will not serve, cancelled and refunded at Stripe once the decision not to serve it
 * committed, so no connection or event claim waits for Stripe. Repeating it is harmless (`takeBack`), but the event
 * is claimed and Stripe's redelivery would not repeat it: a failure is logged as an error and kept on the checkout's
 * payment row (`notTakenBack`), for an operator to cancel and refund in Stripe's dashboard.
 */
async function takeBackAtStripe(
  deps: Pick<Deps, 'db' | 'payments'>,
  log: FastifyBaseLogger,
  context: Record<string, unknown> & { checkout: string },
  sent: PaidEvent,
) {
  try {
    const refunded = await takeBack(stripeOf(deps), sent.subscriptionRef, sent);
    log.warn(
      { ...context, refunded },
      'stripe started a subscription for a deleted account or beside a live one; cancelled and refunded at Stripe',
    );
  } catch (err) {
    log.error(
      { ...context, err },
      'could not cancel and refund at Stripe a subscription started for a deleted account or beside a live one: do it in the dashboard',
    );
    await subscriptions.recordRefusal(deps.db, context.checkout, SUBSCRIPTION_MESSAGES.notTakenBack);
  }
}

/**
 * A later invoice paid (a renewal, or Stripe's retry of a failed one): recorded once per invoice and period; a period
 * ending later than the current one moves the subscription on (active, no longer past due) and access follows. A
 * late invoice for an earlier period shortens nothing; an ended subscription is not revived.
 */
async function applyPaid(
  deps: Pick<Deps, 'notifier'>,
  log: FastifyBaseLogger,
  tx: DbOrTx,
  after: AfterCommit,
  row: SubscriptionRow,
  sent: PaidEvent,
  now: Date,
) {
  const plan = row.planSnapshot;
  if (!paidAsAsked(sent, plan)) {
    log.error(
      {
        event: sent.eventId,
        invoice: sent.invoiceId,
        subscription: row.id,
        asked: { amount: plan.amount, currency: plan.currency },
        paid: { amount: sent.amount, currency: sent.currency },
      },
      'stripe invoice does not match its subscription; premium not granted',
    );
    return;
  }
  const paid = boundedByPlan(log, sent, plan as RenewingPlan);
  const known = await subscriptions.findChargeByRef(tx, paid.invoiceId);
  const recorded = known
    ? !!(await subscriptions.markChargePaid(tx, known.id, now))
    : !!(await subscriptions.insertCharge(tx, {
        ...chargeOf(row, paid),
        status: 'succeeded',
        succeededAt: now,
        createdAt: now,
      }));
  if (row.status === 'ended') return;
  const { period, moved } = periodAfterPaid(periodOf(row), { start: paid.periodStart, end: paid.periodEnd });
  if (!moved) return;
  const renewed = await subscriptions.update(tx, row.id, {
    status: 'active',
    periodStart: period.start,
    periodEnd: period.end,
    pastDueSince: null,
    stripeLastEventAt: latest(row.stripeLastEventAt, paid.eventCreated),
    updatedAt: now,
  });
  await grantPeriod(tx, after, renewed, period.end, now);
  if (recorded) await receipt(deps.notifier, tx, renewed, period.start, period.end, now);
}

/** A renewal's payment row for an invoice, at the subscription's price as bought. */
function chargeOf(row: SubscriptionRow, invoice: PaidEvent | PaymentFailedEvent) {
  return {
    userId: row.userId,
    planId: row.planId,
    planSnapshot: row.planSnapshot,
    amount: invoice.amount,
    currency: row.planSnapshot.currency,
    provider: 'stripe' as const,
    providerRef: invoice.invoiceId,
    clientSecret: `renewal_${crypto.randomUUID()}`,
    kind: 'renewal' as const,
    subscriptionId: row.id,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
  };
}

/**
 * A renewal Stripe could not charge: past due, premium through the grace period, and one e-mail for the period
 * (Stripe's retries of the same invoice add nothing). A failure for a period already paid changes nothing.
 */
async function applyFailure(
  deps: Pick<Deps, 'config' | 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  row: SubscriptionRow,
  failed: PaymentFailedEvent,
  now: Date,
) {
  if (row.status === 'ended' || !failureApplies(failed, periodOf(row))) return;
  const known = await subscriptions.findChargeByRef(tx, failed.invoiceId);
  if (known?.status === 'succeeded') return;
  if (known) await subscriptions.recordRefusal(tx, known.id, PAYMENT_MESSAGES.cardDeclined);
  else
    await subscriptions.insertCharge(tx, {
      ...chargeOf(row, failed),
      status: 'requires_payment',
      lastError: PAYMENT_MESSAGES.cardDeclined,
      createdAt: now,
    });
  const pastDueSince = row.pastDueSince ?? failed.periodStart;
  const pastDue = await subscriptions.update(tx, row.id, {
    status: 'past_due',
    pastDueSince,
    stripeLastEventAt: latest(row.stripeLastEventAt, failed.eventCreated),
    updatedAt: now,
  });
  if (known || !pastDue.userId) return;
  const graceEndsAt = graceEndOf(deps, pastDueSince);
  await grantPeriod(tx, after, pastDue, graceEndsAt, now);
  await deps.notifier.subscriptionEvent(tx, paymentFailedOf(pastDue.userId, pastDue.planSnapshot, graceEndsAt, now));
}

/**
 * The subscription changed at Stripe (cancelled or resumed, here or in the portal; its state): applied unless an
 * event Stripe created later was applied already. Never revives an ended row; access comes from invoices only.
 */
async function applyUpdate(tx: DbOrTx, after: AfterCommit, row: SubscriptionRow, updated: UpdatedEvent, now: Date) {
  if (row.status === 'ended' || !isNewer(updated.eventCreated, row.stripeLastEventAt)) return;
  const status = localStatusOf(updated.status);
  if (status === 'ended') return applyDeleted(tx, after, row, { ...updated, endedAt: updated.eventCreated });
  await subscriptions.update(tx, row.id, {
    cancelAtPeriodEnd: updated.cancelAtPeriodEnd,
    ...(status ? { status } : {}),
    stripeLastEventAt: updated.eventCreated,
    updatedAt: now,
  });
}

/** Stripe ended the subscription (the period after a cancel, retries exhausted, free days without a card). */
async function applyDeleted(
  tx: DbOrTx,
  after: AfterCommit,
  row: SubscriptionRow,
  deleted: Pick<DeletedEvent, 'endedAt' | 'eventCreated'> & { reason?: DeletedEvent['reason'] },
) {
  if (row.status === 'ended') return;
  await end(tx, after, row, deleted.reason ?? 'cancelled', deleted.endedAt);
  await subscriptions.update(tx, row.id, { stripeLastEventAt: latest(row.stripeLastEventAt, deleted.eventCreated) });
}

/** POST /api/subscription/portal: Stripe's customer portal for the reader's subscription kept at Stripe, on its card form. */
export async function subscriptionPortal(deps: Deps, viewer: Viewer): Promise<SubscriptionPortal> {
  const live = await findLiveSubscription(deps.db, viewer.id);
  const atStripe = live?.provider === 'stripe' && live.providerRef;
  const customerId = atStripe && (await subscriptions.findStripeCustomer(deps.db, viewer.id));
  if (!customerId || !deps.payments.stripe) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  return {
    url: await portalUrl(stripeOf(deps), customerId, `${deps.config.publicUrl}/profile`, 'payment_method_update'),
  };
}
