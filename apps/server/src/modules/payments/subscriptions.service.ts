import {
  addInterval,
  DAY_MS,
  ERROR_CODES,
  formatPrice,
  freeDaysFor,
  PAYMENT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  toMajorUnits,
  type Card,
  type PlanSnapshot,
  type Subscription,
} from '@dispatch/shared';
import type { AppDeps, Notifier, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit, type AfterCommit } from '../../db/commit.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import { applyFamilySeats } from '../family/family-access.js';
import { accessChanged, grantRenewingPeriod, grantRenewingPeriods } from '../premium/premium-grants.js';
import { findLiveSubscription, hasHadSubscription } from '../users/users.service.js';
import { recordSubscription } from '../revenue/funnel.service.js';
import type { PaymentIntentRow } from './payments.repository.js';
import * as repository from './subscriptions.repository.js';
import { attachTestCard, chargeTestCardOnFile, type TestCardOnFile } from './test-provider.js';

/*
 * Renewing subscriptions (docs/product.md#renewing-subscriptions), with the built-in test provider: the card is
 * kept as an opaque token, and the renewal job (renewals.ts) charges it on the server's clock at the end of each
 * period, at the price and interval the subscription was bought at. A period's access, or a failed renewal's
 * grace, is applied to users.premium_until, which stays the one place access is decided.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'cache' | 'viewers' | 'notifier'>;
type Renewing = PlanSnapshot & { renewsEvery: NonNullable<PlanSnapshot['renewsEvery']> };
type SubscriptionRow = repository.SubscriptionRow;

const RETRY_AFTER_MS = DAY_MS;

export const isRenewing = (plan: PlanSnapshot): plan is Renewing => plan.renewsEvery !== undefined;

const declined = (message: string) => new AppError(ERROR_CODES.cardDeclined, 402, message);
const priceOf = (plan: PlanSnapshot) => formatPrice(toMajorUnits(plan.amount), plan.currency);
export const graceEndOf = (deps: Pick<Deps, 'config'>, pastDueSince: Date) =>
  new Date(pastDueSince.getTime() + deps.config.payments.graceDays * DAY_MS);

/** Refuses a second subscription while one is not over: checked when the payment opens, and again when it is paid. */
export async function checkNoLiveSubscription(db: DbOrTx, userId: string) {
  if (await findLiveSubscription(db, userId)) throw conflict(SUBSCRIPTION_MESSAGES.alreadySubscribed);
}

/** The free days this reader's checkout of a renewing plan starts with: the shared rule over their history here. */
export async function freeDaysOf(db: DbOrTx, userId: string, plan: PlanSnapshot): Promise<number> {
  return freeDaysFor(plan, { subscribedBefore: await hasHadSubscription(db, userId) });
}

/**
 * A checkout's turn, before anything is charged: the reader's checkouts take turns (a lock held by the transaction
 * `tx`), and a second subscription is refused (409), as are free days opened before an earlier subscription used
 * them.
 */
export async function takeCheckoutTurn(tx: DbOrTx, userId: string, plan: PlanSnapshot) {
  await repository.lockCheckouts(tx, userId);
  await checkNoLiveSubscription(tx, userId);
  if ((plan.freeDays ?? 0) > (await freeDaysOf(tx, userId, plan))) throw conflict(SUBSCRIPTION_MESSAGES.freeDaysUsed);
}

/** The card a renewing plan keeps: a token, or the decline a card network would give (402). */
export function cardOnFile(card: Card, now: Date): TestCardOnFile {
  const attached = attachTestCard(card, now);
  if (typeof attached === 'string') throw declined(attached);
  return attached;
}

/**
 * Checkout of a renewing plan, in the transaction that marks its intent succeeded: the subscription starts in its
 * free days (nothing charged: the intent records 0) or with its first period paid, and the reader's access runs to
 * the period's end. Returns that end.
 */
export async function startSubscription(
  tx: DbOrTx,
  after: AfterCommit,
  notifier: Notifier,
  intent: PaymentIntentRow & { userId: string },
  card: TestCardOnFile,
  now: Date,
): Promise<Date> {
  const plan = intent.planSnapshot as Renewing;
  const free = (plan.freeDays ?? 0) > 0;
  const periodEnd = free ? new Date(now.getTime() + plan.freeDays! * DAY_MS) : addInterval(now, plan.renewsEvery);
  const subscription = await repository.insert(tx, {
    userId: intent.userId,
    planId: intent.planId,
    planSnapshot: plan,
    provider: 'test',
    paymentMethod: card.token,
    cardLast4: card.last4,
    status: free ? 'trialing' : 'active',
    periodStart: now,
    periodEnd,
    nextAttemptAt: periodEnd,
    createdAt: now,
    updatedAt: now,
  });
  await repository.recordStart(tx, intent.id, {
    subscriptionId: subscription.id,
    kind: free ? 'free_days' : 'payment',
    amount: free ? 0 : intent.amount,
    periodStart: now,
    periodEnd,
  });
  await grantPeriod(tx, after, subscription, periodEnd, now);
  await recordSubscription(tx, intent.userId, now);
  if (!free) await receipt(notifier, tx, subscription, now, periodEnd, now);
  return periodEnd;
}

/** A period's (or a grace's) access for the subscriber and their family, and their viewers after the commit. */
export async function grantPeriod(
  tx: DbOrTx,
  after: AfterCommit,
  subscription: SubscriptionRow,
  until: Date,
  now: Date,
) {
  if (!subscription.userId) return;
  await grantRenewingPeriod(tx, after, subscription.userId, until, now);
  await applyFamilySeats(tx, subscription.userId, subscription.planSnapshot.familySeats, now);
}

export function receipt(
  notifier: Notifier,
  tx: DbOrTx,
  subscription: SubscriptionRow,
  start: Date,
  end: Date,
  now: Date,
) {
  if (!subscription.userId) return;
  return notifier.subscriptionEvent(tx, {
    kind: 'receipt',
    userId: subscription.userId,
    planName: subscription.planSnapshot.name,
    amount: priceOf(subscription.planSnapshot),
    periodStart: start,
    periodEnd: end,
    at: now,
  });
}

/** What the renewal job did with one due subscription. */
export type Settled = 'renewed' | 'failed' | 'ended' | 'waiting';

/**
 * The renewal job's batch, locked by the caller's transaction. The common case — a trial or a paid period ending,
 * not cancelled, one account, a card that pays — is settled together in a few statements whatever the batch's
 * size (`renewTogether`); every other one by `settleDue`, one at a time.
 */
export async function settleAll(
  deps: Pick<Deps, 'config' | 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  due: readonly SubscriptionRow[],
  now: Date,
): Promise<Settled[]> {
  const together = due.filter(
    (subscription) =>
      subscription.userId !== null &&
      (subscription.status === 'active' || subscription.status === 'trialing') &&
      !subscription.cancelAtPeriodEnd &&
      (subscription.planSnapshot.familySeats ?? 1) <= 1 &&
      chargeTestCardOnFile(subscription.paymentMethod ?? '') === 'succeeded',
  );
  const outcomes: Settled[] = together.map(() => 'renewed');
  await renewTogether(deps, tx, after, together, now);
  const settled = new Set(together);
  for (const subscription of due) {
    if (!settled.has(subscription)) outcomes.push(await settleDue(deps, tx, after, subscription, now));
  }
  return outcomes;
}

/** `chargeNextPeriod`'s success, for many subscriptions whose cards pay: each period paid once, access, receipts. */
async function renewTogether(
  deps: Pick<Deps, 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  due: readonly SubscriptionRow[],
  now: Date,
) {
  if (due.length === 0) return;
  const renewals = due.map((subscription) => ({
    subscription,
    subscriptionId: subscription.id,
    periodStart: subscription.periodEnd,
    periodEnd: addInterval(subscription.periodEnd, (subscription.planSnapshot as Renewing).renewsEvery),
  }));
  const paid = await repository.insertPaidRenewals(tx, renewals, now);
  await repository.moveToPeriods(tx, renewals, now);
  const readers = renewals.map(({ subscription, periodEnd }) => ({ userId: subscription.userId!, until: periodEnd }));
  await grantRenewingPeriods(tx, after, readers, now);
  await deps.notifier.subscriptionEvents(
    tx,
    renewals
      .filter(({ subscriptionId }) => paid.has(subscriptionId))
      .map(({ subscription, periodStart, periodEnd }) => ({
        kind: 'receipt' as const,
        userId: subscription.userId!,
        planName: subscription.planSnapshot.name,
        amount: priceOf(subscription.planSnapshot),
        periodStart,
        periodEnd,
        at: now,
      })),
  );
}

/**
 * One due subscription, locked by the caller's transaction: a cancelled one ends with its period; a trial or a
 * paid period is charged for the next period; a past due one is charged again, or ends once its grace is over.
 */
export async function settleDue(
  deps: Pick<Deps, 'config' | 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  subscription: SubscriptionRow,
  now: Date,
): Promise<Settled> {
  if (subscription.status === 'ended') return 'waiting';
  if (subscription.cancelAtPeriodEnd && subscription.status !== 'past_due') {
    await end(tx, after, subscription, 'cancelled', subscription.periodEnd);
    return 'ended';
  }
  if (subscription.status === 'past_due') {
    const graceEnd = graceEndOf(deps, subscription.pastDueSince ?? subscription.periodEnd);
    if (now >= graceEnd) {
      await end(tx, after, subscription, 'payment_failed', graceEnd);
      return 'ended';
    }
  }
  return (await chargeNextPeriod(deps, tx, after, subscription, subscription.paymentMethod ?? '', now))
    ? 'renewed'
    : 'failed';
}

/**
 * Charges the period after `periodEnd` with the card on file (or the one just given): paid, the subscription moves
 * to it and access follows; refused, the subscription is past due, access lasts through the grace period, and the
 * reader hears of it once per period. A period is paid once: if another charge already paid it, nothing is charged.
 */
async function chargeNextPeriod(
  deps: Pick<Deps, 'config' | 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  subscription: SubscriptionRow,
  paymentMethod: string,
  now: Date,
): Promise<boolean> {
  const plan = subscription.planSnapshot as Renewing;
  const periodStart = subscription.periodEnd;
  const periodEnd = addInterval(periodStart, plan.renewsEvery);
  const outcome = chargeTestCardOnFile(paymentMethod);
  const refused =
    outcome === 'succeeded' ? undefined : await repository.findRefusedCharge(tx, subscription.id, periodStart);
  // The period's charge, paid or refused: at the price as bought.
  const charge = {
    userId: subscription.userId,
    planId: subscription.planId,
    planSnapshot: plan,
    amount: plan.amount,
    currency: plan.currency,
    provider: 'test' as const,
    clientSecret: `renewal_${crypto.randomUUID()}`,
    kind: 'renewal' as const,
    subscriptionId: subscription.id,
    createdAt: now,
    periodStart,
    periodEnd,
  };
  if (outcome === 'succeeded') {
    const paid = await repository.insertCharge(tx, { ...charge, status: 'succeeded', succeededAt: now });
    const renewed = await repository.update(tx, subscription.id, {
      status: 'active',
      paymentMethod,
      periodStart,
      periodEnd,
      nextAttemptAt: periodEnd,
      pastDueSince: null,
      updatedAt: now,
    });
    await grantPeriod(tx, after, renewed, periodEnd, now);
    if (paid) await receipt(deps.notifier, tx, renewed, periodStart, periodEnd, now);
    return true;
  }
  const pastDueSince = subscription.pastDueSince ?? periodStart;
  const graceEnd = graceEndOf(deps, pastDueSince);
  if (refused) await repository.recordRefusal(tx, refused.id, outcome);
  else await repository.insertCharge(tx, { ...charge, status: 'requires_payment', lastError: outcome });
  const pastDue = await repository.update(tx, subscription.id, {
    status: 'past_due',
    pastDueSince,
    nextAttemptAt: new Date(Math.min(now.getTime() + RETRY_AFTER_MS, graceEnd.getTime())),
    updatedAt: now,
  });
  if (!refused && pastDue.userId) {
    await grantPeriod(tx, after, pastDue, graceEnd, now);
    await deps.notifier.subscriptionEvent(tx, {
      kind: 'payment-failed',
      userId: pastDue.userId,
      planName: plan.name,
      amount: priceOf(plan),
      graceEndsAt: graceEnd,
      at: now,
    });
  }
  return false;
}

/** Ends a subscription (the reader's cancel, a lapse, or Stripe's word): never charged again. */
export async function end(
  tx: DbOrTx,
  after: AfterCommit,
  subscription: SubscriptionRow,
  reason: 'cancelled' | 'payment_failed',
  at: Date,
) {
  await repository.update(tx, subscription.id, {
    status: 'ended',
    endedAt: at,
    endedReason: reason,
    nextAttemptAt: null,
    cancelAtPeriodEnd: false,
    updatedAt: at,
  });
  if (subscription.userId) await accessChanged(tx, after, [subscription.userId]);
  else after.stale('users');
}

/** GET /api/subscription: the reader's current subscription, or their last one; null when never had. */
export async function getMySubscription(
  deps: Pick<Deps, 'db' | 'config'>,
  viewer: Viewer,
): Promise<{ subscription: Subscription | null }> {
  const row = await repository.findNewest(deps.db, viewer.id);
  return { subscription: row ? toSubscription(deps, row) : null };
}

export function toSubscription(deps: Pick<Deps, 'config'>, row: SubscriptionRow): Subscription {
  const plan = row.planSnapshot as Renewing;
  const charging = row.status !== 'ended' && !row.cancelAtPeriodEnd;
  return {
    _id: row.id,
    planId: row.planId,
    planName: plan.name,
    price: toMajorUnits(plan.amount),
    currency: plan.currency,
    renewsEvery: plan.renewsEvery,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    nextChargeAt: charging ? (row.nextAttemptAt ?? row.periodEnd).toISOString() : null,
    graceEndsAt: row.status === 'past_due' ? graceEndOf(deps, row.pastDueSince ?? row.periodEnd).toISOString() : null,
    cardLast4: row.cardLast4,
    endedAt: row.endedAt?.toISOString() ?? null,
    endedReason: row.endedReason,
  };
}

export async function changeLive<T>(
  deps: Deps,
  viewer: Viewer,
  change: (tx: DbOrTx, after: AfterCommit, row: SubscriptionRow, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock();
  return commit(deps, async (tx, after) => {
    const row = await repository.lockLive(tx, viewer.id);
    if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    // Whether it holds access past its period (its members' too) may change: `renewing` on their viewers.
    await accessChanged(tx, after, [viewer.id]);
    return change(tx, after, row, now);
  });
}

/**
 * POST /api/subscription/cancel: a trial or a paid period runs to its end and is not charged again; a past due
 * subscription ends at once (the grace days already given run out).
 */
export async function cancelSubscription(deps: Deps, viewer: Viewer) {
  const row = await changeLive(deps, viewer, async (tx, after, live, now) => {
    if (live.status === 'past_due') {
      await end(tx, after, live, 'cancelled', now);
      return (await repository.findNewest(tx, viewer.id))!;
    }
    if (live.cancelAtPeriodEnd) throw conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled);
    return repository.update(tx, live.id, { cancelAtPeriodEnd: true, updatedAt: now });
  });
  return { subscription: toSubscription(deps, row) };
}

/** POST /api/subscription/resume: a cancelled subscription whose period has not ended renews again. */
export async function resumeSubscription(deps: Deps, viewer: Viewer) {
  const row = await changeLive(deps, viewer, async (tx, _after, live, now) => {
    if (!live.cancelAtPeriodEnd || live.periodEnd <= now) throw conflict(SUBSCRIPTION_MESSAGES.notResumable);
    return repository.update(tx, live.id, { cancelAtPeriodEnd: false, updatedAt: now });
  });
  return { subscription: toSubscription(deps, row) };
}

/**
 * POST /api/subscription/card: another card on file. A past due subscription is charged with it at once: paid, it
 * is active again; refused, the card is not kept (402) and the subscription stays past due.
 */
export async function replaceCard(deps: Deps, viewer: Viewer, card: Card) {
  const kept = cardOnFile(card, deps.clock());
  const row = await changeLive(deps, viewer, async (tx, after, live, now) => {
    if (live.status === 'past_due') {
      if (!(await chargeNextPeriod(deps, tx, after, live, kept.token, now))) {
        throw declined(PAYMENT_MESSAGES.cardDeclined);
      }
    }
    return repository.update(tx, live.id, { paymentMethod: kept.token, cardLast4: kept.last4, updatedAt: now });
  });
  return { subscription: toSubscription(deps, row) };
}

/** Before an account is deleted, in its transaction: its subscription ends at once and is never charged again. */
export const endSubscriptionsOf = (tx: DbOrTx, userId: string, now: Date) => repository.endAllOf(tx, userId, now);
