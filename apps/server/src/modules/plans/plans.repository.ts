import { and, asc, count, countDistinct, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { LOCKS } from '../../db/locks.js';
import { paymentIntents, plans, users } from '../../db/schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;

/** Every plan, in their order. */
export function listAll(db: DbOrTx) {
  return db.select().from(plans).orderBy(asc(plans.position), asc(plans.id));
}

/** The plans on sale to anyone, in their order. */
export function listListed(db: DbOrTx) {
  return db.select().from(plans).where(eq(plans.visibility, 'listed')).orderBy(asc(plans.position), asc(plans.id));
}

export async function findById(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function findByName(db: DbOrTx, name: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(sql`lower(${plans.name}) = lower(${name})`);
  return row;
}

/** Serialises changes to the plans until the transaction ends. */
export async function lockPlans(tx: DbOrTx) {
  await queryRows(tx, sql`select pg_advisory_xact_lock(${LOCKS.plans})`);
}

/** Inserts unless the id or the name (ignoring case) is taken; undefined means one was. */
export async function insertIfFree(db: DbOrTx, values: NewPlan): Promise<PlanRow | undefined> {
  const [row] = await db.insert(plans).values(values).onConflictDoNothing().returning();
  return row;
}

export async function update(db: DbOrTx, id: string, values: Partial<NewPlan>): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  return row;
}

export async function setPosition(db: DbOrTx, id: string, position: number, at: Date) {
  await db.update(plans).set({ position, updatedAt: at }).where(eq(plans.id, id));
}

/** Per plan id: succeeded payments, and readers whose access now ends where a pass of that plan ends. */
export async function purchaseCounts(db: DbOrTx, now: Date) {
  const [purchases, holders] = await Promise.all([
    db
      .select({ planId: paymentIntents.planId, purchases: count() })
      .from(paymentIntents)
      // A renewal is the same purchase paid again: a plan's purchases are its checkouts.
      .where(and(eq(paymentIntents.status, 'succeeded'), ne(paymentIntents.kind, 'renewal')))
      .groupBy(paymentIntents.planId),
    db
      .select({ planId: paymentIntents.planId, holders: countDistinct(users.id) })
      .from(users)
      .innerJoin(
        paymentIntents,
        and(
          eq(paymentIntents.userId, users.id),
          eq(paymentIntents.status, 'succeeded'),
          eq(paymentIntents.periodEnd, users.premiumUntil),
        ),
      )
      .where(gt(users.premiumUntil, now))
      .groupBy(paymentIntents.planId),
  ]);
  return {
    purchases: new Map(purchases.map((row) => [row.planId, row.purchases])),
    holders: new Map(holders.map((row) => [row.planId, row.holders])),
  };
}
