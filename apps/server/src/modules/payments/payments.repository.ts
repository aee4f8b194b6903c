import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentIntents, processedWebhookEvents } from '../../db/schema.js';

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

export async function insertIntent(db: DbOrTx, values: typeof paymentIntents.$inferInsert) {
  const [row] = await db.insert(paymentIntents).values(values).returning();
  return row!;
}

export async function findByClientSecret(db: DbOrTx, clientSecret: string) {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret));
  return row;
}

export async function findByProviderRef(db: DbOrTx, providerRef: string) {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.providerRef, providerRef));
  return row;
}

/**
 * Moves an intent to succeeded if it was not already: of two simultaneous confirmations exactly one
 * gets the row back, and only that one grants premium.
 */
export async function markSucceeded(db: DbOrTx, id: string, at: Date) {
  const [row] = await db
    .update(paymentIntents)
    .set({ status: 'succeeded', succeededAt: at, lastError: null })
    .where(and(eq(paymentIntents.id, id), ne(paymentIntents.status, 'succeeded')))
    .returning();
  return row;
}

export async function recordPeriod(db: DbOrTx, id: string, periodStart: Date, periodEnd: Date) {
  await db.update(paymentIntents).set({ periodStart, periodEnd }).where(eq(paymentIntents.id, id));
}

/** A person's newest payments. */
export function listForUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.userId, userId))
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(limit);
}

/** Every payment of a person, newest first. */
export function listAllForUser(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.userId, userId))
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id));
}

export async function detachFromUser(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(paymentIntents)
    .set({ userId: null })
    .where(eq(paymentIntents.userId, userId))
    .returning({ id: paymentIntents.id });
  return rows.length;
}

export async function recordFailure(db: DbOrTx, id: string, message: string) {
  await db.update(paymentIntents).set({ lastError: message }).where(eq(paymentIntents.id, id));
}

/** True the first time an event id is seen; false for a replay. */
export async function claimWebhookEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return rows.length > 0;
}
