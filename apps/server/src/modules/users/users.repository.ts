import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { likePattern } from '../../db/like-pattern.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function countUsers(db: DbOrTx, now: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      premium: sql<number>`(count(*) filter (where ${users.premiumTaken} > ${now.toISOString()}::timestamptz))::int`,
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

/** `search`: the name or the e-mail contains it as typed, in any case (trigram indexes serve both). */
export async function listPage(db: DbOrTx, filter: { search?: string }, page: { offset: number; limit: number }) {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
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
