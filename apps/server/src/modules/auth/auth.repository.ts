import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { families, familyMembers, sessions, subscriptions, users } from '../../db/schema.js';

const owners = alias(users, 'family_owner');
const ownerSubscriptions = alias(subscriptions, 'family_owner_subscription');

export async function insertSession(db: DbOrTx, userId: string, expiresAt: Date) {
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return row!;
}

function prepareLiveSession(db: DbOrTx) {
  return (
    db
      .select({
        session: sessions,
        user: users,
        // A member's family access: the owner's, when it opens every premium article (modules/premium/premium-access.ts).
        familyPremiumUntil: owners.premiumUntil,
        youngReader: familyMembers.youngReader,
        hiddenTags: familyMembers.hiddenTags,
        // The subscription that is not over: past due, the site asks for another card on every page; in good
        // standing, it holds access until its renewal is decided (docs/product.md#renewing-subscriptions).
        subscription: {
          status: subscriptions.status,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
          periodEnd: subscriptions.periodEnd,
        },
        familySubscription: {
          status: ownerSubscriptions.status,
          cancelAtPeriodEnd: ownerSubscriptions.cancelAtPeriodEnd,
          periodEnd: ownerSubscriptions.periodEnd,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(familyMembers, eq(familyMembers.userId, users.id))
      .leftJoin(families, eq(families.id, familyMembers.familyId))
      .leftJoin(owners, and(eq(owners.id, families.ownerId), isNull(owners.premiumArticles)))
      // At most one each: a reader has one subscription that is not over (subscriptions_live_user_key).
      .leftJoin(subscriptions, and(eq(subscriptions.userId, users.id), ne(subscriptions.status, 'ended')))
      .leftJoin(
        ownerSubscriptions,
        and(eq(ownerSubscriptions.userId, owners.id), ne(ownerSubscriptions.status, 'ended')),
      )
      .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .prepare('find_live_session')
  );
}
// Every authenticated request runs this query: it is built once per database and prepared.
const liveSessionQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareLiveSession>>();

/** The live session, its user's current row and family access: role and premium are read fresh on every request. */
export async function findLiveSession(db: DbOrTx, sessionId: string, now: Date) {
  let query = liveSessionQueries.get(db);
  if (!query) liveSessionQueries.set(db, (query = prepareLiveSession(db)));
  const [row] = await query.execute({ id: sessionId, now: now.toISOString() });
  return row;
}

export async function extendSession(db: DbOrTx, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user but one; returns how many ended. */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every session of a user: their tokens stop working at once. */
export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Sessions past their expiry: nothing can use them any more. Answers how many went. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}
