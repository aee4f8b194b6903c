import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { withoutHiddenTags } from '../../db/hidden-tags.js';
import { articleRevisions, articles, corrections } from '../../db/schema.js';

export async function insert(db: DbOrTx, values: typeof corrections.$inferInsert) {
  const [row] = await db
    .insert(corrections)
    .values(values)
    .returning({ id: corrections.id, createdAt: corrections.createdAt });
  return row!;
}

const columns = {
  id: corrections.id,
  note: corrections.note,
  createdAt: corrections.createdAt,
  revisionId: corrections.revisionId,
  revisionNumber: articleRevisions.number,
};

const newestFirst = [desc(corrections.createdAt), desc(corrections.id)];

/** The ids of the articles with at least one correction. */
export async function correctedArticleIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ articleId: corrections.articleId }).from(corrections).groupBy(corrections.articleId);
  return rows.map((row) => row.articleId);
}

/** An article's corrections, newest first, with the number of the revision each is tied to. */
export function listForArticle(db: DbOrTx, articleId: string) {
  return db
    .select(columns)
    .from(corrections)
    .innerJoin(articleRevisions, eq(articleRevisions.id, corrections.revisionId))
    .where(eq(corrections.articleId, articleId))
    .orderBy(...newestFirst);
}
export type CorrectionRow = Awaited<ReturnType<typeof listForArticle>>[number];

// Only what readers can open: an article sent back to review keeps its corrections, unlisted until approved again.
const published = eq(articles.status, 'approved');

/** Corrections of approved articles across the site, newest first, with each article's title. */
export function listPublished(db: DbOrTx, window: { offset: number; limit: number }, hiddenTags?: readonly string[]) {
  return db
    .select({ ...columns, articleId: articles.id, articleTitle: articles.title })
    .from(corrections)
    .innerJoin(articles, and(eq(articles.id, corrections.articleId), published, withoutHiddenTags(hiddenTags)))
    .innerJoin(articleRevisions, eq(articleRevisions.id, corrections.revisionId))
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);
}
export type PublishedCorrectionRow = Awaited<ReturnType<typeof listPublished>>[number];

export async function countPublished(db: DbOrTx, hiddenTags?: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(corrections)
    .innerJoin(articles, and(eq(articles.id, corrections.articleId), published, withoutHiddenTags(hiddenTags)));
  return row?.total ?? 0;
}
