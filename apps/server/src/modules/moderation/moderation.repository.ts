import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { moderationActions } from '../../db/schema.js';

export type NewModerationAction = typeof moderationActions.$inferInsert;

export async function insert(db: DbOrTx, values: NewModerationAction) {
  await db.insert(moderationActions).values(values);
}

export function listForArticle(db: DbOrTx, articleId: string) {
  return db
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.articleId, articleId))
    .orderBy(desc(moderationActions.createdAt));
}
