import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { families, familyMembers, paymentIntents, subscriptions, users } from '../../db/schema.js';
import { likePattern } from '../../db/like-pattern.js';
import { premiumNowSql } from '../premium/premium-now.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function countUsers(db: DbOrTx, now: Date, graceDays: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      premium: sql<number>`(count(*) filter (where ${premiumNowSql(sql`${users}`, now, graceDays)}))::int`,
    })
    .from(users);
  return { total: row?.total ?? 0, premium: row?.premium ?? 0 };
}

export async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findByGoogleSubject(db: DbOrTx, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return row;
}

/** Inserts unless the e-mail is taken; undefined means it was (race-safe through the unique index). */
export async function insertIfEmailFree(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function update(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Locks the user's row until the transaction ends: serialises that user's submissions. */
export async function lockForUpdate(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * A user's newest succeeded payment, read beside the user's row in the same query (a lateral join on the
 * payments' user index): where their premium came from (`accessSource`).
 */
function latestPass(db: DbOrTx) {
  return db
    .select({
      planId: paymentIntents.planId,
      planName: sql<string>`${paymentIntents.planSnapshot}->>'name'`.as('plan_name'),
      features: sql<string[]>`${paymentIntents.planSnapshot}->'features'`.as('plan_features'),
      periodEnd: paymentIntents.periodEnd,
      // Past due, access runs past the paid period, through the grace (docs/product.md#renewing-subscriptions).
      pastDue: sql<boolean>`${subscriptions.status} = 'past_due'`.as('past_due'),
    })
    .from(paymentIntents)
    .leftJoin(subscriptions, eq(subscriptions.id, paymentIntents.subscriptionId))
    .where(and(eq(paymentIntents.userId, users.id), eq(paymentIntents.status, 'succeeded')))
    .orderBy(desc(paymentIntents.succeededAt), desc(paymentIntents.id))
    .limit(1)
    .as('latest_pass');
}

export type LatestPass = {
  planId: string;
  planName: string;
  features: string[];
  periodEnd: Date | null;
  /** Its renewing subscription is past due: the access it gives lasts through the grace period. */
  pastDue: boolean;
} | null;

export type FamilyTie = { role: 'owner'; members: number; seats: number } | { role: 'member'; owner: string } | null;

const ownedFamilies = alias(families, 'owned_family');
const membership = alias(familyMembers, 'membership');
const joinedFamilies = alias(families, 'joined_family');
const familyOwners = alias(users, 'family_owner');

/** The family a user owns (with how many joined it) or is in (with its owner's name), read beside the user's row. */
const withFamily = {
  ownedSeats: ownedFamilies.seats,
  ownedMembers: sql<number>`(select count(*)::int from ${familyMembers}
    where ${familyMembers.familyId} = ${ownedFamilies.id})`.as('owned_members'),
  ownerName: familyOwners.name,
};

function toFamilyTie(row: {
  ownedSeats: number | null;
  ownedMembers: number | null;
  ownerName: string | null;
}): FamilyTie {
  // Someone who owns a family and is in another is shown as its owner, as GET /api/family shows them.
  if (row.ownedSeats !== null) return { role: 'owner', members: row.ownedMembers ?? 0, seats: row.ownedSeats };
  if (row.ownerName !== null) return { role: 'member', owner: row.ownerName };
  return null;
}

const liveSubscriptions = alias(subscriptions, 'live_subscription');

const withSubscription = {
  subscriptionStatus: liveSubscriptions.status,
  cancelAtPeriodEnd: liveSubscriptions.cancelAtPeriodEnd,
  renewsEvery: sql<'month' | 'year' | null>`${liveSubscriptions.planSnapshot}->>'renewsEvery'`,
};

export type SubscriptionTie = {
  status: 'trialing' | 'active' | 'past_due';
  cancelAtPeriodEnd: boolean;
  renewsEvery: 'month' | 'year';
} | null;

function toSubscriptionTie(row: {
  subscriptionStatus: string | null;
  cancelAtPeriodEnd: boolean | null;
  renewsEvery: 'month' | 'year' | null;
}): SubscriptionTie {
  if (!row.subscriptionStatus || row.subscriptionStatus === 'ended' || !row.renewsEvery) return null;
  return {
    status: row.subscriptionStatus as NonNullable<SubscriptionTie>['status'],
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
    renewsEvery: row.renewsEvery,
  };
}

/** `search`: the name or the e-mail contains it as typed, in any case (trigram indexes serve both). */
export async function listPage(db: DbOrTx, filter: { search?: string }, page: { offset: number; limit: number }) {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const pass = latestPass(db);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...withPass(pass), ...withFamily, ...withSubscription })
      .from(users)
      .leftJoinLateral(pass, sql`true`)
      .leftJoin(ownedFamilies, eq(ownedFamilies.ownerId, users.id))
      .leftJoin(membership, eq(membership.userId, users.id))
      .leftJoin(joinedFamilies, eq(joinedFamilies.id, membership.familyId))
      .leftJoin(familyOwners, eq(familyOwners.id, joinedFamilies.ownerId))
      // At most one per reader: subscriptions_live_user_key.
      .leftJoin(liveSubscriptions, and(eq(liveSubscriptions.userId, users.id), ne(liveSubscriptions.status, 'ended')))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      user: row.user,
      pass: toLatestPass(row),
      family: toFamilyTie(row),
      subscription: toSubscriptionTie(row),
    })),
    total: total?.total ?? 0,
  };
}

/** The user and their newest succeeded payment, in one query. */
export async function findWithLatestPass(db: DbOrTx, email: string) {
  const pass = latestPass(db);
  const [row] = await db
    .select(withPass(pass))
    .from(users)
    .leftJoinLateral(pass, sql`true`)
    .where(eq(users.email, email.toLowerCase()));
  return row && { user: row.user, pass: toLatestPass(row) };
}

const withPass = (pass: ReturnType<typeof latestPass>) => ({
  user: users,
  planId: pass.planId,
  planName: pass.planName,
  features: pass.features,
  periodEnd: pass.periodEnd,
  pastDue: pass.pastDue,
});

function toLatestPass(pass: {
  planId: string | null;
  planName: string | null;
  features: string[] | null;
  periodEnd: Date | null;
  pastDue: boolean | null;
}): LatestPass {
  if (!pass.planId) return null;
  return {
    planId: pass.planId,
    planName: pass.planName ?? pass.planId,
    features: pass.features ?? [],
    periodEnd: pass.periodEnd,
    pastDue: pass.pastDue === true,
  };
}

/** An author page's author: what it shows, never the e-mail. */
export async function findAuthorBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      photo: users.profilePic,
      bio: users.bio,
      links: users.links,
    })
    .from(users)
    .where(eq(users.slug, slug));
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return row?.total ?? 0;
}

/** Deletes the account; its sessions, notices and reminders go with it (foreign keys). */
export async function remove(db: DbOrTx, id: string): Promise<number> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length;
}

/** The reader's subscription that is not over, if any (one at most: subscriptions_live_user_key). */
/** Whether the reader ever had a renewing subscription on this site, whatever became of it. */
export async function hasHadSubscription(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

export async function findLiveSubscription(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'ended')));
  return row;
}
