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
import * as repository from './payments.repository.js';
import {
  checkNoLiveSubscription,
  freeDaysOf,
  isRenewing,
  startSubscription,
  takeCheckoutTurn,
} from './subscriptions.service.js';
import { attachTestCard, chargeTestCard, chargeTestCardOnFile } from './test-provider.js';
import { recordSubscription } from '../revenue/funnel.service.js';
import { applyBillingEvent, startStripeCheckout } from './stripe-subscriptions.js';
import { verifiedEvent } from './stripe-events.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'payments' | 'cache' | 'viewers' | 'notifier'>;

const intentNotFound = () => notFound(PAYMENT_MESSAGES.intentNotFound);

/**
 * Opens a payment for a plan on sale (listed, or unlisted: sold by its link); the amount and currency come from
 * the plan's row, whatever the client sends, and the intent keeps a snapshot of the plan: what paying grants.
 */
export async function createPaymentIntent(deps: Deps, viewer: Viewer, planId: string): Promise<PaymentIntent> {
  const plan = await findPlanOnSale(deps.db, planId);
  if (!plan) throw badRequest(PLAN_MESSAGES.planUnavailable, { planId: [PLAN_MESSAGES.planUnavailable] });
  const { provider } = deps.payments;
  let snapshot = snapshotOf(plan, deps.config.payments.currency);
  if (isRenewing(snapshot)) {
    await checkNoLiveSubscription(deps.db, viewer.id);
    // What this reader's checkout grants: the plan's free days only for their first subscription.
    const offered = { ...snapshot, freeDays: await freeDaysOf(deps.db, viewer.id, snapshot) };
    if (provider.name === 'stripe') return startStripeCheckout(deps, viewer, plan.id, offered);
    snapshot = offered;
  }
  const { amount, currency } = snapshot;
  const intentId = crypto.randomUUID();
  const { clientSecret, providerRef } = await provider.createIntent({
    intentId,
    amount,
    currency,
    userId: viewer.id,
    planId: plan.id,
  });
  await repository.insertIntent(deps.db, {
    id: intentId,
    userId: viewer.id,
    planId: plan.id,
    planSnapshot: snapshot,
    amount,
    currency,
    provider: provider.name,
    clientSecret,
    providerRef,
    createdAt: deps.clock(),
  });
  return {
    clientSecret,
    provider: provider.name,
    planId: plan.id,
    amount: toMajorUnits(amount),
    currency,
    ...(isRenewing(snapshot) && { freeDays: snapshot.freeDays ?? 0 }),
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
  const plan = intent.planSnapshot;
  if (isRenewing(plan)) return startTestSubscription(deps, viewer, intent, card, now);
  const outcome = chargeTestCard(card, now);
  if (outcome !== 'succeeded') {
    await repository.recordFailure(db, intent.id, outcome);
    throw new AppError(ERROR_CODES.cardDeclined, 402, outcome);
  }
  await commit(deps, async (tx, after) => {
    await completeIntent(tx, after, deps.notifier, intent, now);
  });
  return { status: 'succeeded', premiumTaken: await premiumOf(db, viewer.id) };
}

/**
 * A renewing plan's checkout with the test provider: the card is kept on file (a token), and charged at once
 * unless this checkout starts with free days; a refused card starts nothing. The charge waits for the checkout's
 * turn (`takeCheckoutTurn`): of two checkouts confirmed at once, the second finds the first's subscription and is
 * refused before its card is charged; the same checkout confirmed twice is answered as paid.
 */
async function startTestSubscription(
  deps: Deps,
  viewer: Viewer,
  intent: repository.PaymentIntentRow,
  card: Card,
  now: Date,
): Promise<PaymentResult> {
  const kept = attachTestCard(card, now);
  const refused =
    typeof kept === 'string'
      ? kept
      : await commit(deps, async (tx, after) => {
          try {
            await takeCheckoutTurn(tx, viewer.id, intent.planSnapshot);
          } catch (error) {
            // The same checkout confirmed twice at once (a double click): the second finds it paid, not a rival.
            if ((await repository.findByClientSecret(tx, intent.clientSecret))?.status === 'succeeded')
              return undefined;
            throw error;
          }
          const free = (intent.planSnapshot.freeDays ?? 0) > 0;
          const outcome = free ? 'succeeded' : chargeTestCardOnFile(kept.token);
          if (outcome !== 'succeeded') return outcome;
          const won = await repository.markSucceeded(tx, intent.id, now);
          if (!won?.userId) return undefined;
          await startSubscription(tx, after, deps.notifier, { ...won, userId: won.userId }, kept, now);
          return undefined;
        });
  if (refused !== undefined) {
    await repository.recordFailure(deps.db, intent.id, refused);
    throw new AppError(ERROR_CODES.cardDeclined, 402, refused);
  }
  return { status: 'succeeded', premiumTaken: await premiumOf(deps.db, viewer.id) };
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
 * Stripe's word that a payment succeeded, or a renewing subscription's event (stripe-subscriptions.ts). The
 * signature is checked on the raw body; an event id seen before changes nothing.
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
