import {
  MINUTE_MS,
  API_MESSAGES,
  BILLING_HISTORY_LENGTH,
  ERROR_CODES,
  type BillingEntry,
  type BillingHistory,
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  formatPrice,
  toMajorUnits,
  type Card,
  type PlanSnapshot,
  type PaymentIntent,
  type PaymentResult,
} from '@dispatch/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit, type AfterCommit } from '../../db/commit.js';
import { AppError, badRequest, notFound } from '../../plugins/errors.js';
import { findUserByEmail, findUserById, toUserWithAccess } from '../users/users.service.js';
import { grantPass } from '../premium/premium-grants.js';
import { applyFamilySeats } from '../family/family-access.js';
import { findPlanOnSale, snapshotOf } from '../plans/plans.service.js';
import type { Notifier } from '../../app-types.js';
import { recordSubscription } from '../revenue/funnel.service.js';
import { applyBillingEvent } from '../subscriptions/stripe-subscriptions.js';
import {
  isRenewing,
  openCheckout,
  startSubscription,
  takeCheckoutTurn,
} from '../subscriptions/subscriptions.service.js';
import type { OpenedCheckout } from '../subscriptions/subscription-provider.js';
import { attachCard, chargeCardOnFile, declined } from '../subscriptions/test-billing.js';
import * as repository from './payments.repository.js';
import { verifiedEvent } from './stripe-events.js';
import { chargeTestCard } from './test-provider.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments' | 'cache' | 'viewers' | 'notifier'>;

const intentNotFound = () => notFound(PAYMENT_MESSAGES.intentNotFound);

/**
 * Opens a payment for a plan on sale (listed, or unlisted: sold by its link); the amount and currency come from
 * the plan's row, whatever the client sends, and the intent keeps a snapshot of the plan: what paying grants. A
 * renewing plan's checkout is opened by the subscription side (`openCheckout`), with the free days this reader gets.
 */
export async function createPaymentIntent(deps: Deps, viewer: Viewer, planId: string): Promise<PaymentIntent> {
  const plan = await findPlanOnSale(deps.db, planId);
  if (!plan) throw badRequest(PLAN_MESSAGES.planUnavailable, { planId: [PLAN_MESSAGES.planUnavailable] });
  const { provider } = deps.payments;
  const intentId = crypto.randomUUID();
  const sold = snapshotOf(plan, deps.config.payments.currency);
  const { amount, currency } = sold;
  const opened: OpenedCheckout & { plan: PlanSnapshot; providerRef?: string | null } = isRenewing(sold)
    ? await openCheckout(deps, viewer, plan.id, sold, intentId)
    : {
        plan: sold,
        ...(await provider.createIntent({ intentId, amount, currency, userId: viewer.id, planId: plan.id })),
      };
  await repository.insertIntent(deps.db, {
    id: intentId,
    userId: viewer.id,
    planId: plan.id,
    planSnapshot: opened.plan,
    amount,
    currency,
    provider: provider.name,
    clientSecret: opened.clientSecret,
    providerRef: opened.providerRef ?? null,
    createdAt: deps.clock(),
  });
  return {
    clientSecret: opened.clientSecret,
    provider: provider.name,
    planId: plan.id,
    amount: toMajorUnits(amount),
    currency,
    ...(opened.kind && { kind: opened.kind }),
    ...(isRenewing(opened.plan) && { freeDays: opened.plan.freeDays ?? 0 }),
  };
}

/**
 * The one place a pass is bought: the intent moves to succeeded and the pass its snapshot holds (never the
 * plan's row as it is now) is granted (`grantPass`), in one transaction. A second call for the same intent finds it
 * succeeded and grants nothing.
 */
async function completeIntent(
  tx: DbOrTx,
  after: AfterCommit,
  notifier: Notifier,
  intent: repository.PaymentIntentRow,
  now: Date,
): Promise<Date | null> {
  const won = await repository.markSucceeded(tx, intent.id, now);
  // A payment whose reader deleted the account meanwhile is recorded as paid; there is nobody to give premium to.
  if (!won?.userId) return null;
  const plan = won.planSnapshot;
  const periodEnd = await grantPass(tx, after, won.userId, plan, now);
  await applyFamilySeats(tx, won.userId, plan.familySeats, now);
  const periodStart = new Date(periodEnd.getTime() - plan.durationMinutes * MINUTE_MS);
  await repository.recordPeriod(tx, won.id, periodStart, periodEnd);
  await recordSubscription(tx, won.userId, now);
  await notifier.subscriptionEvent(tx, {
    kind: 'receipt',
    userId: won.userId,
    planName: plan.name,
    amount: formatPrice(won.amount / 100, won.currency),
    periodStart,
    periodEnd,
    at: now,
  });
  return periodEnd;
}

async function premiumOf(db: DbOrTx, userId: string): Promise<string | null> {
  const user = await findUserById(db, userId);
  return user?.premiumUntil ? user.premiumUntil.toISOString() : null;
}

async function ownIntent(db: DbOrTx, viewer: Viewer, clientSecret: string) {
  const intent = await repository.findByClientSecret(db, clientSecret);
  // Someone else's intent is answered like a missing one: it reveals nothing.
  if (!intent || intent.userId !== viewer.id) throw intentNotFound();
  return intent;
}

/** The test provider's card form: Stripe's test numbers decide the outcome. Card data is never stored. */
export async function confirmTestPayment(
  deps: Deps,
  viewer: Viewer,
  clientSecret: string,
  card: Card,
): Promise<PaymentResult> {
  const { db, clock } = deps;
  const intent = await ownIntent(db, viewer, clientSecret);
  if (intent.provider !== 'test') throw badRequest(PAYMENT_MESSAGES.wrongProvider);
  if (intent.status === 'succeeded') return { status: 'succeeded', premiumTaken: await premiumOf(db, viewer.id) };
  const now = clock();
  try {
    if (isRenewing(intent.planSnapshot)) await startTestSubscription(deps, viewer, intent, card, now);
    else await payOnce(deps, viewer, intent, card, now);
  } catch (error) {
    if (error instanceof AppError && error.code === ERROR_CODES.cardDeclined) {
      await repository.recordFailure(db, intent.id, error.message);
    }
    throw error;
  }
  return { status: 'succeeded', premiumTaken: await premiumOf(db, viewer.id) };
}

/** A pass paid once with a test card; a refused card is answered 402 with the network's message. */
async function payOnce(deps: Deps, viewer: Viewer, intent: repository.PaymentIntentRow, card: Card, now: Date) {
  const outcome = chargeTestCard(card, now);
  if (outcome !== 'succeeded') throw declined(outcome);
  await commit(deps, async (tx, after) => {
    await completeIntent(tx, after, deps.notifier, intent, now);
  });
}

/**
 * A renewing plan's checkout with the test provider: the card is kept on file (a token), and charged at once
 * unless this checkout starts with free days; a refused card starts nothing (402). The charge waits for the
 * checkout's turn (`takeCheckoutTurn`): of two checkouts confirmed at once, the second finds the first's subscription
 * and is refused before its card is charged; the same checkout confirmed twice is answered as paid.
 */
async function startTestSubscription(
  deps: Deps,
  viewer: Viewer,
  intent: repository.PaymentIntentRow,
  card: Card,
  now: Date,
) {
  const kept = attachCard(card, now);
  await commit(deps, async (tx, after) => {
    try {
      await takeCheckoutTurn(tx, viewer.id, intent.planSnapshot);
    } catch (error) {
      // The same checkout confirmed twice at once (a double click): the second finds it paid, not a rival.
      if ((await repository.findByClientSecret(tx, intent.clientSecret))?.status === 'succeeded') return;
      throw error;
    }
    const free = (intent.planSnapshot.freeDays ?? 0) > 0;
    const outcome = free ? 'succeeded' : chargeCardOnFile(kept.token);
    if (outcome !== 'succeeded') throw declined(outcome);
    const won = await repository.markSucceeded(tx, intent.id, now);
    if (!won?.userId) return;
    await startSubscription(tx, after, deps.notifier, { ...won, userId: won.userId }, kept, now);
  });
}

export async function getPaymentStatus(deps: Deps, viewer: Viewer, clientSecret: string) {
  const intent = await ownIntent(deps.db, viewer, clientSecret);
  return { status: intent.status, premiumTaken: await premiumOf(deps.db, viewer.id) };
}

/** Stripe received exactly the amount, in the currency, that the server asked for. */
function paidAsAsked(paid: Stripe.PaymentIntent, intent: repository.PaymentIntentRow): boolean {
  return paid.currency?.toLowerCase() === intent.currency.toLowerCase() && paid.amount_received === intent.amount;
}

/**
 * Stripe's word that a payment succeeded, or a renewing subscription's event (subscriptions/stripe-subscriptions.ts).
 * The signature is checked on the raw body; an event id seen before changes nothing.
 */
export async function handleStripeWebhook(
  deps: Deps,
  log: FastifyBaseLogger,
  stripe: { client: Stripe; webhookSecret: string },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const event = verifiedEvent(stripe, rawBody, signature);
  const now = deps.clock();
  const duplicate = await commit(deps, async (tx, after) => {
    if (!(await repository.claimWebhookEvent(tx, event.id, event.type))) return true;
    after.stale('users');
    if (event.type === 'payment_intent.succeeded') {
      const paid = event.data.object;
      const intent = await repository.findByProviderRef(tx, paid.id);
      if (intent && !paidAsAsked(paid, intent)) {
        // Authentic but not what we asked for: nothing is granted, and answering 200 stops Stripe's
        // retries, which could not change the outcome (docs/decisions/040-paid-as-asked-and-reads-the-reader-chose.md).
        log.error(
          {
            event: event.id,
            intent: intent.id,
            asked: { amount: intent.amount, currency: intent.currency },
            paid: { amount: paid.amount_received, currency: paid.currency },
          },
          'stripe payment does not match its intent; premium not granted',
        );
      } else if (intent) await completeIntent(tx, after, deps.notifier, intent, now);
    } else await applyBillingEvent(deps, log, tx, after, event, now);
    return false;
  });
  return { received: true, duplicate };
}

const billingStatus = (row: repository.PaymentIntentRow): BillingEntry['status'] =>
  row.status === 'succeeded' ? 'paid' : row.lastError ? 'declined' : 'incomplete';

/** A person's premium expiry (a family member's the owner's, when later) and newest payments: theirs to see, and an admin's. */
export async function getBillingHistory(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  email: string,
): Promise<BillingHistory> {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound(API_MESSAGES.userNotFound);
  const rows = await repository.listForUser(db, user.id, BILLING_HISTORY_LENGTH);
  const { premiumTaken } = await toUserWithAccess(db, user, clock());
  return { premiumTaken, payments: toBillingEntries(rows) };
}

/** Every payment, whatever became of its plan: named as it was bought. */
function toBillingEntries(rows: repository.PaymentIntentRow[]): BillingEntry[] {
  return rows.map((row) => ({
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    planId: row.planId,
    planName: row.planSnapshot.name,
    amount: toMajorUnits(row.amount),
    currency: row.currency,
    status: billingStatus(row),
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    kind: row.kind,
  }));
}

/** Every payment a reader made, for the download of their data. */
export async function listAllPayments(db: DbOrTx, userId: string): Promise<BillingEntry[]> {
  return toBillingEntries(await repository.listAllForUser(db, userId));
}

/** Keeps a deleting reader's payments for the accounts, tied to nobody (docs/decisions/026-deleting-an-account.md). */
export const detachPayments = (tx: DbOrTx, userId: string) => repository.detachFromUser(tx, userId);
