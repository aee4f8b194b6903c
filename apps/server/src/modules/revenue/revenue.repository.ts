import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { articles, giftLinkOpens, giftLinks, meteredReads } from '../../db/schema.js';

export interface MeterKey {
  userId: string;
  month: string;
  articleId: string;
}

export type MonthKey = Omit<MeterKey, 'articleId'>;

function prepareMeteredArticles(db: DbOrTx) {
  return db
    .select({ articleId: meteredReads.articleId })
    .from(meteredReads)
    .where(and(eq(meteredReads.userId, sql.placeholder('userId')), eq(meteredReads.month, sql.placeholder('month'))))
    .prepare('metered_articles');
}
// Every premium article a reader without premium opens may ask it (their page included): built once and prepared.
const meteredArticlesQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareMeteredArticles>>();

/** The articles a reader's free reads opened this month: as many rows as the allowance at most. */
export async function meteredArticles(db: DbOrTx, key: MonthKey): Promise<string[]> {
  let query = meteredArticlesQueries.get(db);
  if (!query) meteredArticlesQueries.set(db, (query = prepareMeteredArticles(db)));
  const rows = await query.execute({ userId: key.userId, month: key.month });
  return rows.map((row) => row.articleId);
}

export async function insertMeteredRead(db: DbOrTx, key: MeterKey, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(meteredReads)
    .values({ ...key, readAt: at })
    .onConflictDoNothing()
    .returning({ userId: meteredReads.userId });
  return inserted.length > 0;
}

export async function countGiftLinksSince(db: DbOrTx, senderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ made: count() })
    .from(giftLinks)
    .where(and(eq(giftLinks.senderId, senderId), gte(giftLinks.createdAt, since)));
  return row?.made ?? 0;
}

export async function insertGiftLink(db: DbOrTx, values: typeof giftLinks.$inferInsert) {
  const [row] = await db.insert(giftLinks).values(values).returning({ id: giftLinks.id });
  return row!.id;
}

export async function findGiftByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(giftLinks).where(eq(giftLinks.tokenHash, tokenHash));
  return row;
}

export async function findGiftById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(giftLinks).where(eq(giftLinks.id, id));
  return row;
}

/** True when this reader had not opened the link before. */
export async function recordGiftOpen(db: DbOrTx, giftLinkId: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(giftLinkOpens)
    .values({ giftLinkId, userId, openedAt: at })
    .onConflictDoNothing()
    .returning({ userId: giftLinkOpens.userId });
  return inserted.length > 0;
}

export async function revokeGift(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(giftLinks)
    .set({ revokedAt: at })
    .where(and(eq(giftLinks.id, id), sql`${giftLinks.revokedAt} is null`))
    .returning({ id: giftLinks.id });
  return updated.length > 0;
}

/** A sender's links, newest first (at most `limit`), with the number of readers who opened each. */
export function listGiftLinks(db: DbOrTx, filter: { senderId: string; articleId?: string }, limit: number) {
  return db
    .select({
      id: giftLinks.id,
      articleId: giftLinks.articleId,
      articleTitle: articles.title,
      createdAt: giftLinks.createdAt,
      expiresAt: giftLinks.expiresAt,
      revokedAt: giftLinks.revokedAt,
      opens: sql<number>`(select count(*) from ${giftLinkOpens} where ${giftLinkOpens.giftLinkId} = ${giftLinks.id})::int`,
    })
    .from(giftLinks)
    .innerJoin(articles, eq(articles.id, giftLinks.articleId))
    .where(
      and(
        eq(giftLinks.senderId, filter.senderId),
        filter.articleId ? eq(giftLinks.articleId, filter.articleId) : undefined,
      ),
    )
    .orderBy(desc(giftLinks.createdAt), desc(giftLinks.id))
    .limit(limit);
}

export type GiftLinkRow = Awaited<ReturnType<typeof listGiftLinks>>[number];
