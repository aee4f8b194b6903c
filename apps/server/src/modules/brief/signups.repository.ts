import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { briefDeliveries, briefSubscriptions } from '../../db/schema.js';

export type SignupRow = typeof briefSubscriptions.$inferSelect;

export async function findByEmail(db: DbOrTx, email: string): Promise<SignupRow | undefined> {
  const [row] = await db.select().from(briefSubscriptions).where(eq(briefSubscriptions.email, email.toLowerCase()));
  return row;
}

/** The row for this address, locked until the transaction ends: two subscribe requests at once take turns. */
export async function lockByEmail(db: DbOrTx, email: string): Promise<SignupRow | undefined> {
  const [row] = await db
    .select()
    .from(briefSubscriptions)
    .where(eq(briefSubscriptions.email, email.toLowerCase()))
    .for('update');
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<SignupRow | undefined> {
  const [row] = await db.select().from(briefSubscriptions).where(eq(briefSubscriptions.id, id));
  return row;
}

/** A new row for the address, or nothing when another request wrote one first (read it again). */
export async function insert(db: DbOrTx, values: typeof briefSubscriptions.$inferInsert) {
  const [row] = await db.insert(briefSubscriptions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function update(db: DbOrTx, id: string, values: Partial<typeof briefSubscriptions.$inferInsert>) {
  const [row] = await db.update(briefSubscriptions).set(values).where(eq(briefSubscriptions.id, id)).returning();
  return row;
}

/** Unsubscribed, keeping the first moment it was asked for (a link clicked twice is one unsubscribe). */
export async function markUnsubscribed(db: DbOrTx, id: string, at: Date) {
  const [row] = await db
    .update(briefSubscriptions)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`case when ${briefSubscriptions.status} = 'unsubscribed' then coalesce(${briefSubscriptions.unsubscribedAt}, ${at.toISOString()}::timestamptz) else ${at.toISOString()}::timestamptz end`,
      nextBriefAt: null,
      updatedAt: at,
    })
    .where(eq(briefSubscriptions.id, id))
    .returning();
  return row;
}

/** The one delivery of this send to this sign-up, marked as the one the reader unsubscribed from. */
export async function markDeliveryUnsubscribed(db: DbOrTx, signupId: string, sendId: string, at: Date) {
  await db
    .update(briefDeliveries)
    .set({ unsubscribedAt: at })
    .where(
      and(
        eq(briefDeliveries.subscriptionId, signupId),
        eq(briefDeliveries.sendId, sendId),
        isNull(briefDeliveries.unsubscribedAt),
      ),
    );
}

/** Suppressed after a permanent refusal, unless the reader unsubscribed already. */
export async function markSuppressed(db: DbOrTx, id: string, reason: string, at: Date) {
  const rows = await db
    .update(briefSubscriptions)
    .set({ status: 'suppressed', suppressedAt: at, suppressedReason: reason, nextBriefAt: null, updatedAt: at })
    .where(and(eq(briefSubscriptions.id, id), ne(briefSubscriptions.status, 'unsubscribed')))
    .returning({ id: briefSubscriptions.id });
  return rows.length > 0;
}
