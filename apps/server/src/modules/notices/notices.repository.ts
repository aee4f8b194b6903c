import { and, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox, notifications, users } from '../../db/schema.js';

export type NewNotification = typeof notifications.$inferInsert;
export type NewOutboxMail = typeof mailOutbox.$inferInsert;

export async function insertNotifications(db: DbOrTx, rows: NewNotification[]) {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

export async function insertMails(db: DbOrTx, rows: NewOutboxMail[]) {
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}

const recipientColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mailOptOuts: users.mailOptOuts,
};
export type Recipient = { id: string; name: string; email: string; mailOptOuts: string[] };

export async function findRecipient(db: DbOrTx, id: string): Promise<Recipient | undefined> {
  const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, id));
  return row;
}

/** The people of these ids that still exist. */
export function findRecipients(db: DbOrTx, ids: readonly string[]): Promise<Recipient[]> {
  return ids.length === 0
    ? Promise.resolve([])
    : db
        .select(recipientColumns)
        .from(users)
        .where(inArray(users.id, [...ids]));
}

/** Every editor but the one who acted. */
export function findEditors(db: DbOrTx, exceptId: string): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, exceptId)));
}

/** The newest notices, with the count of unread ones. */
/** The newest `limit` of this person's notices (all of them without a limit), and how many are unread. */
export async function listForUser(db: DbOrTx, userId: string, limit?: number) {
  const newestFirst = db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id));
  const [rows, unread] = await Promise.all([
    limit === undefined ? newestFirst : newestFirst.limit(limit),
    countUnread(db, userId),
  ]);
  return { rows, unread };
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks this person's unread notices read, up to and including `upTo` when given. */
export async function markRead(db: DbOrTx, userId: string, at: Date, upTo?: number) {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        upTo === undefined ? undefined : lte(notifications.id, upTo),
      ),
    );
}

export async function setOptOuts(db: DbOrTx, userId: string, kinds: string[]) {
  const [row] = await db
    .update(users)
    .set({ mailOptOuts: kinds })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row !== undefined;
}

/** Adds one kind to a person's opt-outs (an unsubscribe link), keeping the others. */
export async function addOptOut(db: DbOrTx, userId: string, kind: string) {
  const [row] = await db
    .update(users)
    .set({ mailOptOuts: sql`array(select distinct unnest(${users.mailOptOuts} || array[${kind}]::text[]))` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row !== undefined;
}

export async function findPreferences(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ role: users.role, mailOptOuts: users.mailOptOuts, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Marks the address verified if it is still the one the link was sent to. */
export async function markVerified(db: DbOrTx, userId: string, email: string, at: Date) {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return row !== undefined;
}

/** A deleted account's bell notices and every e-mail to its address, sent or waiting. */
export async function removeAllFor(db: DbOrTx, userId: string, email: string) {
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.toAddress})`, email.toLowerCase()));
}

/** Outbox rows sent before `sentBefore` or given up before `failedBefore`: the housekeeping sweep's part. */
export async function removeFinishedMailBefore(db: DbOrTx, sentBefore: Date, failedBefore: Date): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, sentBefore), lt(mailOutbox.failedAt, failedBefore)))
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/** When the latest e-mail of these kinds was written for this address (sent or not), if any. */
export async function lastMailAt(db: DbOrTx, address: string, kinds: string[]): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(and(eq(sql`lower(${mailOutbox.toAddress})`, address.toLowerCase()), inArray(mailOutbox.kind, kinds)));
  return row?.at ? new Date(row.at) : undefined;
}
