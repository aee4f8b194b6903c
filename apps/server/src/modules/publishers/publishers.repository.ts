import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { articles, publishers } from '../../db/schema.js';

export function listPublishers(db: DbOrTx) {
  return db.select().from(publishers).orderBy(asc(publishers.name));
}

export async function findByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select()
    .from(publishers)
    .where(sql`lower(${publishers.name}) = lower(${name})`);
  return row;
}

/** Undefined when the name (in any letter case) or the slug is taken (the unique indexes decide, race-safe). */
export async function insertIfFree(db: DbOrTx, values: { name: string; slug: string; logo: string; createdAt: Date }) {
  const [row] = await db.insert(publishers).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Every publisher by name with how many articles (any status) name it: the count is read from the articles table
 * here because it is a publisher's figure, the same one the dashboard's pie shows.
 */
export function listWithArticleCounts(db: DbOrTx) {
  return db
    .select({
      id: publishers.id,
      name: publishers.name,
      slug: publishers.slug,
      logo: publishers.logo,
      articles: sql<number>`count(${articles.id})::int`,
    })
    .from(publishers)
    .leftJoin(articles, eq(articles.publisherId, publishers.id))
    .groupBy(publishers.id)
    .orderBy(asc(publishers.name));
}
