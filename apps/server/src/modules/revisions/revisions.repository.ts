import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { articleRevisions, users } from '../../db/schema.js';

export type NewRevision = Omit<typeof articleRevisions.$inferInsert, 'number'>;

/** Numbers the revision after the article's last one; its caller holds the article's row, so saves take turns. */
export async function insert(db: DbOrTx, values: NewRevision): Promise<string> {
  const [row] = await db
    .insert(articleRevisions)
    .values({
      ...values,
      number: sql`(select coalesce(max(${articleRevisions.number}), 0) + 1 from ${articleRevisions} where ${articleRevisions.articleId} = ${values.articleId})`,
    })
    .returning({ id: articleRevisions.id });
  return row!.id;
}

const columns = {
  id: articleRevisions.id,
  articleId: articleRevisions.articleId,
  number: articleRevisions.number,
  title: articleRevisions.title,
  description: articleRevisions.description,
  tags: articleRevisions.tags,
  authorName: users.name,
  createdAt: articleRevisions.createdAt,
};

/** Every revision of an article, newest first, numbered from the first. */
export function listForArticle(db: DbOrTx, articleId: string) {
  return db
    .select(columns)
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.authorId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.number));
}
export type RevisionRow = Awaited<ReturnType<typeof listForArticle>>[number];

export async function latestId(db: DbOrTx, articleId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.number))
    .limit(1);
  return row?.id;
}

export async function findOne(db: DbOrTx, articleId: string, revisionId: string) {
  const [row] = await db
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)));
  return row;
}
