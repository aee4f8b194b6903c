import { and, count, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { latestFamilyPass } from './premium-now.js';
import { families, familyMembers, paymentIntents, premiumArticleOpens, subscriptions, users } from '../../db/schema.js';

/*
 * The access columns of users (premium_until, premium_articles, premium_articles_since), the opens of a limited
 * pass, and the family owner's access a member reads through: the only code that writes premium access.
 */

export type AccessRow = typeof users.$inferSelect;
type AccessChange = Pick<typeof users.$inferInsert, 'premiumUntil' | 'premiumArticles' | 'premiumArticlesSince'>;

const owners = alias(users, 'owner');
const ownerSubscriptions = alias(subscriptions, 'owner_subscription');

/** Locks the reader's row for the transaction that changes their access. */
export async function lockAccess(db: DbOrTx, userId: string): Promise<AccessRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function findAccess(db: DbOrTx, userId: string): Promise<AccessRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function setAccess(db: DbOrTx, userId: string, change: AccessChange) {
  await db.update(users).set(change).where(eq(users.id, userId));
}

/**
 * Access until each reader's `until` at least, to every premium article, never shortened; a run that had lapsed
 * starts again now. The row is locked by the update.
 */
export async function grantUntil(db: DbOrTx, periods: readonly { userId: string; until: Date }[], now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const given = JSON.stringify(periods.map(({ userId, until }) => ({ user_id: userId, until: until.toISOString() })));
  await db.execute(sql`
    update ${users} u set
      premium_articles_since = case when u.premium_until > ${at} then coalesce(u.premium_articles_since, ${at}) else ${at} end,
      premium_until = greatest(u.premium_until, given.until),
      premium_articles = null
    from jsonb_to_recordset(${given}::jsonb) as given(user_id uuid, until timestamptz)
    where u.id = given.user_id`);
}

/** Whether the reader opened this premium article in full since `since` (the start of their access run). */
export async function hasOpenedSince(db: DbOrTx, userId: string, articleId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: premiumArticleOpens.userId })
    .from(premiumArticleOpens)
    .where(
      and(
        eq(premiumArticleOpens.userId, userId),
        eq(premiumArticleOpens.articleId, articleId),
        gte(premiumArticleOpens.openedAt, since),
      ),
    );
  return row !== undefined;
}

/** How many premium articles the reader opened in full since `since`. */
export async function countOpenedSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ opened: count() })
    .from(premiumArticleOpens)
    .where(and(eq(premiumArticleOpens.userId, userId), gte(premiumArticleOpens.openedAt, since)));
  return row?.opened ?? 0;
}

/** Records an open; an article opened in an earlier run counts again in this one. */
export async function recordOpen(db: DbOrTx, userId: string, articleId: string, at: Date) {
  await db
    .insert(premiumArticleOpens)
    .values({ userId, articleId, openedAt: at })
    .onConflictDoUpdate({
      target: [premiumArticleOpens.userId, premiumArticleOpens.articleId],
      set: { openedAt: at },
    });
}

/**
 * The access a member holds through their family: the owner's, when it opens every premium article, with the
 * owner's subscription that is not over (whose renewal may hold it) and the plan of the owner's latest pass for
 * several accounts. Undefined for a reader in no family.
 */
export async function familyAccessOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      premiumUntil: owners.premiumUntil,
      ownerName: owners.name,
      subscription: {
        status: ownerSubscriptions.status,
        cancelAtPeriodEnd: ownerSubscriptions.cancelAtPeriodEnd,
        periodEnd: ownerSubscriptions.periodEnd,
      },
      plan: sql<{ id: string; name: string; features: string[] } | null>`(${latestFamilyPass(
        owners.id,
        sql`json_build_object('id', ${paymentIntents.planId}, 'name', ${paymentIntents.planSnapshot}->>'name',
          'features', ${paymentIntents.planSnapshot}->'features')`,
      )})`,
    })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .innerJoin(owners, and(eq(owners.id, families.ownerId), isNull(owners.premiumArticles)))
    .leftJoin(ownerSubscriptions, and(eq(ownerSubscriptions.userId, owners.id), ne(ownerSubscriptions.status, 'ended')))
    .where(eq(familyMembers.userId, userId));
  return row;
}

/** The members of every family these people own: their access follows the owners'. */
export async function memberIdsOfOwners(db: DbOrTx, ownerIds: readonly string[]): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .select({ id: familyMembers.userId })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(inArray(families.ownerId, [...ownerIds]));
  return rows.map((row) => row.id);
}
