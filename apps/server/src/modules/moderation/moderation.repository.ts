import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { SITE_HISTORY_ACTIONS } from '@dispatch/shared';
import type { DbOrTx } from '../../db/client.js';
import { articles, moderationActions, users } from '../../db/schema.js';

export type NewModerationAction = typeof moderationActions.$inferInsert;
type Action = NewModerationAction['action'];

export async function insert(db: DbOrTx, values: NewModerationAction) {
  await db.insert(moderationActions).values(values);
}

/** One article's entries, oldest first, with who acted. */
export function listForArticle(db: DbOrTx, articleId: string, actions: readonly Action[]) {
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      detail: moderationActions.detail,
      actorId: moderationActions.actorId,
      actorName: users.name,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.actorId))
    .where(and(eq(moderationActions.articleId, articleId), inArray(moderationActions.action, [...actions])))
    .orderBy(moderationActions.createdAt, moderationActions.id);
}

export interface HistoryFilter {
  actions: readonly Action[];
  actorId?: string;
  articleId?: string;
}

function historyWhere(filter: HistoryFilter): SQL | undefined {
  return and(
    // Entries about an article, and the site settings' and the tags' changes, which name none.
    or(isNotNull(moderationActions.articleId), inArray(moderationActions.action, [...SITE_HISTORY_ACTIONS])),
    inArray(moderationActions.action, [...filter.actions]),
    filter.actorId ? eq(moderationActions.actorId, filter.actorId) : undefined,
    filter.articleId ? eq(moderationActions.articleId, filter.articleId) : undefined,
  );
}

/** A page of the record's article entries, newest first, with who acted and the article's title (if it still exists). */
export async function listHistory(db: DbOrTx, filter: HistoryFilter, page: { offset: number; limit: number }) {
  const where = historyWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: moderationActions.id,
        action: moderationActions.action,
        detail: moderationActions.detail,
        articleId: moderationActions.articleId,
        articleTitle: articles.title,
        actorId: moderationActions.actorId,
        actorName: users.name,
        actorEmail: users.email,
        createdAt: moderationActions.createdAt,
      })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.actorId))
      .leftJoin(articles, eq(articles.id, moderationActions.articleId))
      .where(where)
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(moderationActions)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Everyone with an entry about an article, by name. */
export function listActors(db: DbOrTx, actions: readonly Action[]) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(moderationActions)
    .innerJoin(users, eq(users.id, moderationActions.actorId))
    .where(historyWhere({ actions }))
    .groupBy(users.id, users.name, users.email)
    .orderBy(users.name, users.id);
}
