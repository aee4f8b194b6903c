import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { articles, articleViewsHourly } from '../../db/schema.js';

/** Approved articles by their views in the hours from `since` on, most first (ties: newer article first). */
export async function mostReadSince(db: DbOrTx, since: Date, limit: number): Promise<string[]> {
  const total = sql<number>`sum(${articleViewsHourly.views})`;
  const rows = await db
    .select({ id: articleViewsHourly.articleId })
    .from(articleViewsHourly)
    .innerJoin(articles, eq(articles.id, articleViewsHourly.articleId))
    .where(and(gte(articleViewsHourly.hour, since), eq(articles.status, 'approved')))
    .groupBy(articleViewsHourly.articleId, articles.createdAt)
    .orderBy(desc(total), desc(articles.createdAt), desc(articleViewsHourly.articleId))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function removeBefore(db: DbOrTx, before: Date): Promise<number> {
  const removed = await db
    .delete(articleViewsHourly)
    .where(lt(articleViewsHourly.hour, before))
    .returning({ id: articleViewsHourly.articleId });
  return removed.length;
}

/** Every view counted in the hours from `since` on (the Overview's panel); an index-only sum over the hour index. */
export async function totalSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db
    .select({ views: sql<number>`coalesce(sum(${articleViewsHourly.views}), 0)::int` })
    .from(articleViewsHourly)
    .where(gte(articleViewsHourly.hour, since));
  return Number(row?.views ?? 0);
}
