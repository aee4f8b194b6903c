import {
  addInterval,
  DAY_MS,
  formatPrice,
  freeDaysFor,
  PAYMENT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  toMajorUnits,
  type Card,
  type PlanSnapshot,
  type Subscription,
} from '@dispatch/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, Notifier, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit, type AfterCommit } from '../../db/commit.js';
import { badRequest, conflict, notFound } from '../../plugins/errors.js';
import { applyFamilySeats } from '../family/family-access.js';
import { accessChanged, grantRenewingPeriod, grantRenewingPeriods } from '../premium/premium-grants.js';
import { findLiveSubscription, hasHadSubscription } from '../users/users.service.js';
import { recordSubscription } from '../revenue/funnel.service.js';
import * as repository from './subscriptions.repository.js';
import type { OpenedCheckout, RenewingPlan, SubscriptionProvider } from './subscription-provider.js';
import { attachCard, chargeCardOnFile, declined, TEST_SUBSCRIPTIONS, type TestCardOnFile } from './test-billing.js';

/*
 * Renewing subscriptions (docs/product.md#renewing-subscriptions), whichever provider keeps them: checkout, the
 * reader's changes (asked of the provider, then saved) and, for the test provider, the renewal job's settling
 * (renewals.ts), which charges the card on file on the server's clock at the end of each period, at the price and
 * interval the subscription was bought at. Stripe's own events are in stripe-subscriptions.ts. A period's access,
 * or a failed renewal's grace, is applied to users.premium_until, which stays the one place access is decided.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'cache' | 'viewers' | 'notifier' | 'payments'>;
type SubscriptionRow = repository.SubscriptionRow;

const RETRY_AFTER_MS = DAY_MS;

export const isRenewing = (plan: PlanSnapshot): plan is RenewingPlan => plan.renewsEvery !== undefined;

const priceOf = (plan: PlanSnapshot) => formatPrice(toMajorUnits(plan.amount), plan.currency);
export const graceEndOf = (deps: Pick<Deps, 'config'>, pastDueSince: Date) =>
  new Date(pastDueSince.getTime() + deps.config.payments.graceDays * DAY_MS);

/** Refuses a second subscription while one is not over: checked when the payment opens, and again when it is paid. */
async function checkNoLiveSubscription(db: DbOrTx, userId: string) {
  if (await findLiveSubscription(db, userId)) throw conflict(SUBSCRIPTION_MESSAGES.alreadySubscribed);
}

/** The free days this reader's checkout of a renewing plan starts with: the shared rule over their history here. */
async function freeDaysOf(db: DbOrTx, userId: string, plan: PlanSnapshot): Promise<number> {
  return freeDaysFor(plan, { subscribedBefore: await hasHadSubscription(db, userId) });
}

/**
 * Opens a checkout of a renewing plan with the site's provider, for a reader with no subscription running: the plan
 * as this reader gets it (its free days only for their first subscription), and what the browser confirms. The
 * checkout's payment row, whose id is `localSubscriptionId`, is the caller's to save.
 */
export async function openCheckout(
  deps: Pick<Deps, 'db' | 'clock' | 'payments'>,
  viewer: Viewer,
  planId: string,
  plan: RenewingPlan,
  localSubscriptionId: string,
): Promise<OpenedCheckout & { plan: RenewingPlan }> {
  await checkNoLiveSubscription(deps.db, viewer.id);
  const offered = { ...plan, freeDays: await freeDaysOf(deps.db, viewer.id, plan) };
  const opened = await deps.payments.provider.openSubscription(
    deps.db,
    {
      localSubscriptionId,
      userId: viewer.id,
      customerEmail: viewer.email,
      planId,
      plan: offered,
    },
    deps.clock(),
  );
  return { ...opened, plan: offered };
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

/**
 * Checkout of a renewing plan, in the transaction that marks its intent succeeded: the subscription starts in its
 * free days (nothing charged: the intent records 0) or with its first period paid, and the reader's access runs to
 * the period's end. Returns that end.
 */
export async function startSubscription(
  tx: DbOrTx,
  after: AfterCommit,
  notifier: Notifier,
  intent: repository.PaymentRow & { userId: string },
  card: TestCardOnFile,
  now: Date,
): Promise<Date> {
  const plan = intent.planSnapshot as RenewingPlan;
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

/** A paid period's receipt e-mail, for a subscription that has a reader. */
const receiptOf = (subscription: SubscriptionRow & { userId: string }, start: Date, end: Date, now: Date) => ({
  kind: 'receipt' as const,
  userId: subscription.userId,
  planName: subscription.planSnapshot.name,
  amount: priceOf(subscription.planSnapshot),
  periodStart: start,
  periodEnd: end,
  at: now,
});

export function receipt(
  notifier: Notifier,
  tx: DbOrTx,
  subscription: SubscriptionRow,
  start: Date,
  end: Date,
  now: Date,
) {
  if (!subscription.userId) return;
  return notifier.subscriptionEvent(tx, receiptOf({ ...subscription, userId: subscription.userId }, start, end, now));
}

/** A refused renewal's e-mail: access runs until the grace period ends. */
export const paymentFailedOf = (userId: string, plan: PlanSnapshot, graceEndsAt: Date, now: Date) => ({
  kind: 'payment-failed' as const,
  userId,
  planName: plan.name,
  amount: priceOf(plan),
  graceEndsAt,
  at: now,
});

/** What the renewal job did with one due subscription. */
export type Settled = 'renewed' | 'failed' | 'ended';

/**
 * The renewal job's batch, locked by the caller's transaction: first what each row is due for (a cancelled one ends
 * with its period, a past due one whose grace is over ends, any other is charged for the next period), then the
 * cards charged, then the successes settled together (`renewTogether`) and the refusals together.
 */
export async function settleAll(
  deps: Pick<Deps, 'config' | 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  due: readonly SubscriptionRow[],
  now: Date,
): Promise<Settled[]> {
  const outcomes: Settled[] = [];
  const toCharge: SubscriptionRow[] = [];
  for (const subscription of due) {
    if (subscription.cancelAtPeriodEnd && subscription.status !== 'past_due') {
      await end(tx, after, subscription, 'cancelled', subscription.periodEnd);
      outcomes.push('ended');
    } else if (subscription.status === 'past_due' && now >= graceEndOf(deps, pastDueSinceOf(subscription))) {
      await end(tx, after, subscription, 'payment_failed', graceEndOf(deps, pastDueSinceOf(subscription)));
      outcomes.push('ended');
    } else toCharge.push(subscription);
  }
  const charged = toCharge.map((subscription) => ({
    subscription,
    outcome: chargeCardOnFile(subscription.paymentMethod ?? ''),
  }));
  const paid = charged.filter(({ outcome }) => outcome === 'succeeded').map(({ subscription }) => subscription);
  const refused = charged.filter(({ outcome }) => outcome !== 'succeeded');
  await renewTogether(deps, tx, after, paid, now);
  await refuseTogether(deps, tx, after, refused, now);
  return [...outcomes, ...paid.map(() => 'renewed' as const), ...refused.map(() => 'failed' as const)];
}

const pastDueSinceOf = (subscription: SubscriptionRow) => subscription.pastDueSince ?? subscription.periodEnd;

/**
 * The one success path of a renewal, for any number of subscriptions whose next period was paid (the job's batch, or
 * a batch of one: a past due subscription paid with another card): each period's charge recorded once (a period
 * already paid inserts nothing and sends no receipt), the subscription moved to it, active, and access follows for
 * the subscriber and their family.
 */
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
    periodEnd: addInterval(subscription.periodEnd, (subscription.planSnapshot as RenewingPlan).renewsEvery),
  }));
  const paid = await repository.insertPaidRenewals(tx, renewals, now);
  await repository.moveToPeriods(tx, renewals, now);
  const subscribed = renewals.filter((renewal) => renewal.subscription.userId !== null);
  const readers = subscribed.map(({ subscription, periodEnd }) => ({ userId: subscription.userId!, until: periodEnd }));
  await grantRenewingPeriods(tx, after, readers, now);
  for (const { subscription } of subscribed) {
    await applyFamilySeats(tx, subscription.userId!, subscription.planSnapshot.familySeats, now);
  }
  await deps.notifier.subscriptionEvents(
    tx,
    subscribed
      .filter(({ subscriptionId }) => paid.has(subscriptionId))
      .map(({ subscription, periodStart, periodEnd }) =>
        receiptOf({ ...subscription, userId: subscription.userId! }, periodStart, periodEnd, now),
      ),
  );
}

/**
 * Renewals whose card was refused: each period's refused charge recorded once (a retry updates it), the
 * subscription past due with a retry a day later within the grace period, and, on a period's first refusal, access
 * through the grace period and one e-mail.
 */
async function refuseTogether(
  deps: Pick<Deps, 'config' | 'notifier'>,
  tx: DbOrTx,
  after: AfterCommit,
  refused: readonly { subscription: SubscriptionRow; outcome: string }[],
  now: Date,
) {
  for (const { subscription, outcome } of refused) {
    const plan = subscription.planSnapshot as RenewingPlan;
    const periodStart = subscription.periodEnd;
    const periodEnd = addInterval(periodStart, plan.renewsEvery);
    const earlier = await repository.findRefusedCharge(tx, subscription.id, periodStart);
    if (earlier) await repository.recordRefusal(tx, earlier.id, outcome);
    else
      await repository.insertCharge(tx, {
        userId: subscription.userId,
        planId: subscription.planId,
        planSnapshot: plan,
        amount: plan.amount,
        currency: plan.currency,
        provider: 'test',
        clientSecret: `renewal_${crypto.randomUUID()}`,
        kind: 'renewal',
        subscriptionId: subscription.id,
        createdAt: now,
        periodStart,
        periodEnd,
        status: 'requires_payment',
        lastError: outcome,
      });
    const pastDueSince = subscription.pastDueSince ?? periodStart;
    const graceEnd = graceEndOf(deps, pastDueSince);
    const pastDue = await repository.update(tx, subscription.id, {
      status: 'past_due',
      pastDueSince,
      nextAttemptAt: new Date(Math.min(now.getTime() + RETRY_AFTER_MS, graceEnd.getTime())),
      updatedAt: now,
    });
    if (earlier || !pastDue.userId) continue;
    await grantPeriod(tx, after, pastDue, graceEnd, now);
    await deps.notifier.subscriptionEvent(tx, paymentFailedOf(pastDue.userId, plan, graceEnd, now));
  }
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
  const plan = row.planSnapshot as RenewingPlan;
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

/**
 * Saves a change of the reader's subscription `live`, the row its provider was asked about: locked (a change and the
 * renewal job take turns) and read again, so `change` decides on what the row holds now. Gone meanwhile (ended),
 * 404.
 */
async function changeLive<T>(
  deps: Deps,
  viewer: Viewer,
  live: SubscriptionRow | undefined,
  change: (tx: DbOrTx, after: AfterCommit, row: SubscriptionRow, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock();
  return commit(deps, async (tx, after) => {
    const row = live && (await repository.lockLive(tx, live.id));
    if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    // Whether it holds access past its period (its members' too) may change: `renewing` on their viewers.
    await accessChanged(tx, after, [viewer.id]);
    return change(tx, after, row, now);
  });
}

/**
 * The provider that keeps a subscription: the site's. One bought from the test provider, or one no provider knows
 * (no `providerRef`), is kept in our rows alone, whatever provider the site uses since: the test provider's rules.
 */
function providerOf(
  deps: Pick<Deps, 'payments'>,
  row: { provider: string; providerRef: string | null },
): SubscriptionProvider {
  const { provider } = deps.payments;
  if (row.provider === TEST_SUBSCRIPTIONS.name || !row.providerRef) return TEST_SUBSCRIPTIONS;
  if (row.provider === provider.name) return provider;
  throw new Error(`A ${row.provider} subscription needs PAYMENTS=${row.provider} and its keys`);
}

async function liveOf(deps: Pick<Deps, 'db'>, viewer: Viewer) {
  const live = await findLiveSubscription(deps.db, viewer.id);
  if (!live) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  return live;
}

/**
 * POST /api/subscription/cancel: a trial or a paid period runs to its end and is not charged again; a past due
 * subscription ends at once (the grace days already given run out). Asked of the provider first (outside any
 * transaction), then saved. Past due is decided again on the locked row: a renewal refused while the cancel waited
 * for the lock ends a test provider's subscription too, else the job would retry the card of a reader who cancelled.
 */
export async function cancelSubscription(deps: Deps, viewer: Viewer) {
  const live = await liveOf(deps, viewer);
  const provider = providerOf(deps, live);
  const endsNow = live.status === 'past_due';
  if (endsNow) await provider.cancelNow(live);
  else if (live.cancelAtPeriodEnd) throw conflict(SUBSCRIPTION_MESSAGES.alreadyCancelled);
  const cancelAtPeriodEnd = endsNow || (await provider.setCancelAtPeriodEnd(live, true));
  const row = await changeLive(deps, viewer, live, async (tx, after, locked, now) => {
    const keptHere = provider === TEST_SUBSCRIPTIONS;
    if (locked.status !== 'past_due' || !(endsNow || keptHere)) {
      return repository.update(tx, locked.id, { cancelAtPeriodEnd, updatedAt: now });
    }
    await end(tx, after, locked, 'cancelled', now);
    return (await repository.findNewest(tx, viewer.id))!;
  });
  return { subscription: toSubscription(deps, row) };
}

/** POST /api/subscription/resume: a cancelled subscription whose period has not ended renews again. */
export async function resumeSubscription(deps: Deps, viewer: Viewer) {
  const live = await liveOf(deps, viewer);
  if (!live.cancelAtPeriodEnd || live.periodEnd <= deps.clock()) throw conflict(SUBSCRIPTION_MESSAGES.notResumable);
  const cancelAtPeriodEnd = await providerOf(deps, live).setCancelAtPeriodEnd(live, false);
  const row = await changeLive(deps, viewer, live, (tx, _after, locked, now) =>
    repository.update(tx, locked.id, { cancelAtPeriodEnd, updatedAt: now }),
  );
  return { subscription: toSubscription(deps, row) };
}

/**
 * POST /api/subscription/card: another card on file, through the test provider's card form (a subscription kept at
 * Stripe changes its card in Stripe's portal; a test card is never charged for it). A past due subscription is
 * charged with it at once: paid, it is renewed as the job renews (a batch of one); refused, the card is not kept
 * (402) and the subscription stays past due.
 */
export async function replaceCard(deps: Deps, viewer: Viewer, card: Card) {
  const live = await findLiveSubscription(deps.db, viewer.id);
  if (live && providerOf(deps, live) !== TEST_SUBSCRIPTIONS) throw badRequest(PAYMENT_MESSAGES.wrongProvider);
  const kept = attachCard(card, deps.clock());
  const row = await changeLive(deps, viewer, live, async (tx, after, locked, now) => {
    if (locked.status === 'past_due') {
      if (chargeCardOnFile(kept.token) !== 'succeeded') throw declined(PAYMENT_MESSAGES.cardDeclined);
      await renewTogether(deps, tx, after, [locked], now);
    }
    return repository.update(tx, locked.id, { paymentMethod: kept.token, cardLast4: kept.last4, updatedAt: now });
  });
  return { subscription: toSubscription(deps, row) };
}

/**
 * After an account's deletion committed: its subscriptions are cancelled at their provider at once, so Stripe never
 * charges a reader who left. A failure is logged (someone cancels it in Stripe's dashboard), never undone.
 */
export async function cancelAtProviders(
  deps: Pick<Deps, 'payments'>,
  log: FastifyBaseLogger,
  ended: readonly SubscriptionRow[],
): Promise<void> {
  for (const row of ended) {
    try {
      await providerOf(deps, row).cancelNow(row);
    } catch (err) {
      log.error(
        { err, subscription: row.id, provider: row.provider, providerRef: row.providerRef },
        'could not cancel a deleted account’s subscription at its provider: cancel it in the provider’s dashboard',
      );
    }
  }
}

/** Before an account is deleted, in its transaction: its subscription ends at once and is never charged again. */
export const endSubscriptionsOf = (tx: DbOrTx, userId: string, now: Date) => repository.endAllOf(tx, userId, now);
