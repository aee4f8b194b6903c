import { and, asc, count, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { latestFamilyPass } from '../premium/premium-now.js';
import { families, familyInvitations, familyMembers, paymentIntents, subscriptions, users } from '../../db/schema.js';

export type FamilyRow = typeof families.$inferSelect;
export type InvitationRow = typeof familyInvitations.$inferSelect;

const owners = alias(users, 'owner');
const ownerSubscriptions = alias(subscriptions, 'owner_subscription');

/** The owner's subscription that is not over (at most one): whether its renewal holds access (`renewalHeldUntil`). */
const ownerSubscription = {
  status: ownerSubscriptions.status,
  cancelAtPeriodEnd: ownerSubscriptions.cancelAtPeriodEnd,
  periodEnd: ownerSubscriptions.periodEnd,
};
const ownerSubscriptionJoin = and(eq(ownerSubscriptions.userId, owners.id), ne(ownerSubscriptions.status, 'ended'));

export async function findByOwner(db: DbOrTx, ownerId: string): Promise<FamilyRow | undefined> {
  const [row] = await db.select().from(families).where(eq(families.ownerId, ownerId));
  return row;
}

/** Locks the family until the transaction ends: accepts, invitations and removals take turns. */
export async function lockFamily(db: DbOrTx, familyId: string): Promise<FamilyRow | undefined> {
  const [row] = await db.select().from(families).where(eq(families.id, familyId)).for('update');
  return row;
}

/**
 * A reader's own pass, which their family's access follows when they own one: its end, its article limit, and
 * their subscription that is not over, whose renewal may hold it.
 */
export async function passOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      premiumUntil: owners.premiumUntil,
      premiumArticles: owners.premiumArticles,
      subscription: ownerSubscription,
    })
    .from(owners)
    .leftJoin(ownerSubscriptions, ownerSubscriptionJoin)
    .where(eq(owners.id, userId));
  return row;
}

/** The owner's family with at least `seats` seats: made on their first such pass, widened by a larger one. */
export async function ensureFamily(db: DbOrTx, ownerId: string, seats: number, now: Date) {
  await db
    .insert(families)
    .values({ ownerId, seats, createdAt: now })
    .onConflictDoUpdate({ target: families.ownerId, set: { seats: sql`greatest(${families.seats}, excluded.seats)` } });
}

export function listMembers(db: DbOrTx, familyId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      joinedAt: familyMembers.joinedAt,
      youngReader: familyMembers.youngReader,
      hiddenTags: familyMembers.hiddenTags,
    })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(eq(familyMembers.familyId, familyId))
    .orderBy(asc(familyMembers.joinedAt), asc(users.id));
}

export async function countMembers(db: DbOrTx, familyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(familyMembers).where(eq(familyMembers.familyId, familyId));
  return row?.n ?? 0;
}

export async function memberIds(db: DbOrTx, familyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: familyMembers.userId })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId));
  return rows.map((row) => row.id);
}

const open = (now: Date) => and(isNull(familyInvitations.closedAt), gt(familyInvitations.expiresAt, now));

export function listOpenInvitations(db: DbOrTx, familyId: string, now: Date) {
  return db
    .select()
    .from(familyInvitations)
    .where(and(eq(familyInvitations.familyId, familyId), open(now)))
    .orderBy(asc(familyInvitations.createdAt), asc(familyInvitations.id));
}

export async function countOpenInvitations(db: DbOrTx, familyId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(familyInvitations)
    .where(and(eq(familyInvitations.familyId, familyId), open(now)));
  return row?.n ?? 0;
}

/** Expired invitations are closed, so that an address can be invited again. */
export async function closeExpired(db: DbOrTx, familyId: string, now: Date) {
  await db
    .update(familyInvitations)
    .set({ closedAt: now })
    .where(
      and(
        eq(familyInvitations.familyId, familyId),
        isNull(familyInvitations.closedAt),
        lte(familyInvitations.expiresAt, now),
      ),
    );
}

/** A new invitation; undefined when the address already has one open (the partial unique index). */
export async function insertInvitation(
  db: DbOrTx,
  values: typeof familyInvitations.$inferInsert,
): Promise<InvitationRow | undefined> {
  const [row] = await db.insert(familyInvitations).values(values).onConflictDoNothing().returning();
  return row;
}

/** An invitation with its family's owner. */
export async function findInvitation(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ invitation: familyInvitations, family: families, owner: { id: owners.id, name: owners.name } })
    .from(familyInvitations)
    .innerJoin(families, eq(families.id, familyInvitations.familyId))
    .innerJoin(owners, eq(owners.id, families.ownerId))
    .where(eq(familyInvitations.id, id));
  return row;
}

/** Closes an open invitation; false when it was already closed (used or revoked). */
export async function closeInvitation(db: DbOrTx, id: string, familyId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(familyInvitations)
    .set({ closedAt: now })
    .where(
      and(eq(familyInvitations.id, id), eq(familyInvitations.familyId, familyId), isNull(familyInvitations.closedAt)),
    )
    .returning({ id: familyInvitations.id });
  return rows.length === 1;
}

export async function insertMember(db: DbOrTx, userId: string, familyId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(familyMembers)
    .values({ userId, familyId, joinedAt: now })
    .onConflictDoNothing()
    .returning({ id: familyMembers.userId });
  return rows.length === 1;
}

export async function removeMember(db: DbOrTx, familyId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
    .returning({ id: familyMembers.userId });
  return rows.length === 1;
}

/** A young reader's hidden tags; undefined for anyone else. */
export async function youngReaderControls(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ hiddenTags: familyMembers.hiddenTags })
    .from(familyMembers)
    .where(and(eq(familyMembers.userId, userId), eq(familyMembers.youngReader, true)));
  return row;
}

/** Sets a member's parental controls; false when they are not in this family. */
export async function setControls(
  db: DbOrTx,
  familyId: string,
  userId: string,
  controls: { youngReader: boolean; hiddenTags: string[] },
): Promise<boolean> {
  const rows = await db
    .update(familyMembers)
    .set(controls)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
    .returning({ id: familyMembers.userId });
  return rows.length === 1;
}

/** The family a reader is a member of, with its owner's access and the plan of the owner's latest pass. */
export async function findMembership(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      familyId: familyMembers.familyId,
      joinedAt: familyMembers.joinedAt,
      youngReader: familyMembers.youngReader,
      hiddenTags: familyMembers.hiddenTags,
      owner: {
        id: owners.id,
        name: owners.name,
        premiumUntil: owners.premiumUntil,
        premiumArticles: owners.premiumArticles,
      },
      ownerSubscription,
      planName: sql<string | null>`(${latestFamilyPass(owners.id, sql`${paymentIntents.planSnapshot}->>'name'`)})`,
    })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .innerJoin(owners, eq(owners.id, families.ownerId))
    .leftJoin(ownerSubscriptions, ownerSubscriptionJoin)
    .where(eq(familyMembers.userId, userId));
  return row;
}

/** Whether the account proved its address (the verification link); read here so family needs nothing of users'. */
export async function hasVerifiedAddress(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.verifiedAt);
}
