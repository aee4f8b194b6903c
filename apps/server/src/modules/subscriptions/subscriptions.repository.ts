import { and, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { LOCKS } from '../../db/locks.js';
import { paymentIntents, stripeCustomers, subscriptions } from '../../db/schema.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
/** A subscription's payments are rows of `payment_intents`: its checkout's, and each period's charge. */
export type PaymentRow = typeof paymentIntents.$inferSelect;

export async function insert(db: DbOrTx, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function update(db: DbOrTx, id: string, values: Partial<NewSubscription>): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** Holds the reader's checkout lock until the transaction ends: another checkout of theirs waits for it. */
export async function lockCheckouts(db: DbOrTx, userId: string) {
  await queryRows(db, sql`select pg_advisory_xact_lock(${LOCKS.subscriptionCheckout}, hashtext(${userId}))`);
}

/**
 * The reader's subscription that is not over (`findLiveSubscription`), locked until the transaction ends: a change
 * and the renewal job take turns.
 */
export async function lockLive(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'ended')))
    .for('update');
  return row;
}

/** The reader's subscription that is not over, else their newest one: one read. */
export async function findNewest(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.status} = 'ended'`, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/**
 * Up to `limit` subscriptions of the test provider whose next attempt has come, oldest first, locked for this
 * transaction; rows another instance holds are skipped, not waited for, so instances share the work.
 */
export function claimDue(db: DbOrTx, now: Date, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(lte(subscriptions.nextAttemptAt, now), eq(subscriptions.provider, 'test')))
    .orderBy(subscriptions.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * A period's charge, paid or refused. A period is paid once: a second success for the same period inserts
 * nothing (the unique index) and answers undefined.
 */
export async function insertCharge(
  db: DbOrTx,
  values: typeof paymentIntents.$inferInsert,
): Promise<typeof paymentIntents.$inferSelect | undefined> {
  const [row] = await db.insert(paymentIntents).values(values).onConflictDoNothing().returning();
  return row;
}

/** The period's refused charge recorded earlier, if any: a retry updates it rather than adding rows. */
export async function findRefusedCharge(db: DbOrTx, subscriptionId: string, periodStart: Date) {
  const [row] = await db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.subscriptionId, subscriptionId),
        eq(paymentIntents.periodStart, periodStart),
        ne(paymentIntents.status, 'succeeded'),
      ),
    );
  return row;
}

/** The checkout's intent, once it started a subscription: which one, and what it paid for which period. */
export async function recordStart(
  db: DbOrTx,
  intentId: string,
  values: Pick<typeof paymentIntents.$inferInsert, 'subscriptionId' | 'kind' | 'amount' | 'periodStart' | 'periodEnd'>,
) {
  await db.update(paymentIntents).set(values).where(eq(paymentIntents.id, intentId));
}

/** A payment refused or not served: the row says why, once. */
export async function recordRefusal(db: DbOrTx, id: string, message: string) {
  await db.update(paymentIntents).set({ lastError: message }).where(eq(paymentIntents.id, id));
}

/** Ends every subscription of a reader at once (the account is being deleted). */
export async function endAllOf(db: DbOrTx, userId: string, at: Date) {
  return db
    .update(subscriptions)
    .set({
      status: 'ended',
      endedAt: at,
      endedReason: 'account_deleted',
      nextAttemptAt: null,
      cancelAtPeriodEnd: false,
      updatedAt: at,
    })
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'ended')))
    .returning();
}

/** A renewal's period, for the batch statements below. */
export interface Renewal {
  subscriptionId: string;
  periodStart: Date;
  periodEnd: Date;
}

const renewalsJson = (renewals: readonly Renewal[]) =>
  JSON.stringify(
    renewals.map((renewal) => ({
      id: renewal.subscriptionId,
      period_start: renewal.periodStart.toISOString(),
      period_end: renewal.periodEnd.toISOString(),
    })),
  );

/**
 * The paid charges of many renewals in one statement, at each subscription's price as bought; a period already
 * paid inserts nothing (the unique index). Answers the subscriptions whose period this statement paid.
 */
export async function insertPaidRenewals(db: DbOrTx, renewals: readonly Renewal[], now: Date): Promise<Set<string>> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ subscription_id: string }>(
    db,
    sql`insert into ${paymentIntents} (user_id, plan_id, plan_snapshot, amount, currency, provider, client_secret,
          status, kind, subscription_id, created_at, succeeded_at, period_start, period_end)
        select s.user_id, s.plan_id, s.plan_snapshot, (s.plan_snapshot->>'amount')::int, s.plan_snapshot->>'currency',
          'test', 'renewal_' || gen_random_uuid(), 'succeeded', 'renewal', s.id, ${at}, ${at},
          renewal.period_start, renewal.period_end
        from jsonb_to_recordset(${renewalsJson(renewals)}::jsonb)
          as renewal(id uuid, period_start timestamptz, period_end timestamptz)
        join ${subscriptions} s on s.id = renewal.id
        on conflict do nothing
        returning subscription_id`,
  );
  return new Set(rows.map((row) => row.subscription_id));
}

/** Many subscriptions moved to their paid next period, active, in one statement. */
export async function moveToPeriods(db: DbOrTx, renewals: readonly Renewal[], now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    update ${subscriptions} s set status = 'active', period_start = renewal.period_start,
      period_end = renewal.period_end, next_attempt_at = renewal.period_end, past_due_since = null, updated_at = ${at}
    from jsonb_to_recordset(${renewalsJson(renewals)}::jsonb)
      as renewal(id uuid, period_start timestamptz, period_end timestamptz)
    where s.id = renewal.id`);
}

/*
 * Stripe Billing (stripe-subscriptions.ts).
 */

/** The charge of a Stripe invoice (`in_…`), if recorded. */
export async function findChargeByRef(db: DbOrTx, invoiceId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.providerRef, invoiceId));
  return row;
}

/** An invoice's charge recorded as refused, now paid; answers it only the first time, so it is counted once. */
export async function markChargePaid(db: DbOrTx, id: string, at: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(paymentIntents)
    .set({ status: 'succeeded', succeededAt: at, lastError: null })
    .where(and(eq(paymentIntents.id, id), ne(paymentIntents.status, 'succeeded')))
    .returning();
  return row;
}

/** The reader's customer at Stripe, if a checkout made one. */
export async function findStripeCustomer(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, userId));
  return row?.customerId;
}

/** Keeps the reader's customer at Stripe (a new one replaces one Stripe no longer has). */
export async function saveStripeCustomer(db: DbOrTx, userId: string, customerId: string, at: Date) {
  await db
    .insert(stripeCustomers)
    .values({ userId, customerId, createdAt: at })
    .onConflictDoUpdate({ target: stripeCustomers.userId, set: { customerId } });
}

/**
 * A Stripe subscription's row, locked until the transaction ends: by Stripe's id, or by the local id its metadata
 * carries (the row is created with that id when its first invoice is paid).
 */
export async function lockStripe(
  db: DbOrTx,
  subscriptionRef: string,
  localId: string | undefined,
): Promise<SubscriptionRow | undefined> {
  const byRef = eq(subscriptions.providerRef, subscriptionRef);
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'stripe'), localId ? or(byRef, eq(subscriptions.id, localId)) : byRef))
    .limit(1)
    .for('update');
  return row;
}

/** Checkout's intent once its first invoice is paid: the invoice, and what it paid for which period. */
export async function recordStripeStart(
  db: DbOrTx,
  intentId: string,
  values: Pick<
    typeof paymentIntents.$inferInsert,
    'subscriptionId' | 'kind' | 'amount' | 'periodStart' | 'periodEnd' | 'providerRef' | 'succeededAt'
  >,
) {
  const [row] = await db
    .update(paymentIntents)
    .set({ ...values, status: 'succeeded', lastError: null })
    .where(and(eq(paymentIntents.id, intentId), ne(paymentIntents.status, 'succeeded')))
    .returning();
  return row;
}

/** A Stripe checkout's intent, whose id is the subscription's local id. */
export async function findCheckout(db: DbOrTx, id: string) {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}
