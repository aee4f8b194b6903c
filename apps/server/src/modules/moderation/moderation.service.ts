import {
  ARTICLE_HISTORY_ACTIONS,
  HISTORY_ACTIONS,
  type ArticleHistoryAction,
  type HistoryAction,
  type HistoryEntry,
  type HistoryPage,
  type TimelineEntry,
} from '@dispatch/shared';
import type { DbOrTx } from '../../db/client.js';
import { toRowWindow, type PageQuery } from '../../db/paging.js';
import * as repository from './moderation.repository.js';

export type ModerationAction = NonNullable<repository.NewModerationAction['action']>;

/**
 * Records an editorial action; call it inside the transaction that makes the change. This is also where a
 * notice to the people concerned (an outbox row) belongs, in the same transaction.
 */
export function recordAction(
  tx: DbOrTx,
  entry: { actorId: string; action: ModerationAction; articleId?: string; userId?: string; detail?: string; at: Date },
) {
  return repository.insert(tx, {
    actorId: entry.actorId,
    action: entry.action,
    articleId: entry.articleId ?? null,
    userId: entry.userId ?? null,
    detail: entry.detail ?? null,
    createdAt: entry.at,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface HistoryQuery extends PageQuery {
  actor?: string;
  action?: HistoryAction;
  article?: string;
}

/** The History view: every editorial action on articles, newest first, filtered by who, what and which article. */
export async function getHistory(db: DbOrTx, query: HistoryQuery): Promise<HistoryPage> {
  const actors = (await repository.listActors(db, HISTORY_ACTIONS)).map((actor) => ({
    _id: actor.id,
    name: actor.name,
    email: actor.email,
  }));
  // An id that is no UUID names nobody and nothing: an empty page, not a database error.
  if ((query.actor && !UUID.test(query.actor)) || (query.article && !UUID.test(query.article))) {
    return { entries: [], total: 0, actors };
  }
  const { rows, total } = await repository.listHistory(
    db,
    {
      actions: query.action ? [query.action] : HISTORY_ACTIONS,
      actorId: query.actor?.toLowerCase(),
      articleId: query.article?.toLowerCase(),
    },
    toRowWindow(query),
  );
  const entries: HistoryEntry[] = rows.map((row) => ({
    _id: row.id,
    action: row.action as HistoryAction,
    note: row.detail,
    at: row.createdAt.toISOString(),
    actor:
      row.actorId && row.actorName && row.actorEmail
        ? { _id: row.actorId, name: row.actorName, email: row.actorEmail }
        : null,
    article: row.articleId ? { _id: row.articleId, title: row.articleTitle } : null,
  }));
  return { entries, total, actors };
}

/**
 * One article's timeline, oldest first. An admin sees who acted; the writer sees what happened and the
 * notes, and which entries are their own, never an editor's name (docs/decisions/022-editorial-workflow-and-revisions.md).
 */
export async function getTimeline(
  db: DbOrTx,
  article: { id: string; authorId: string },
  withNames: boolean,
): Promise<TimelineEntry[]> {
  const rows = await repository.listForArticle(db, article.id, ARTICLE_HISTORY_ACTIONS);
  return rows.map((row) => ({
    _id: row.id,
    action: row.action as ArticleHistoryAction,
    note: row.detail,
    at: row.createdAt.toISOString(),
    byAuthor: row.actorId === article.authorId,
    actor: withNames && row.actorName ? { name: row.actorName } : null,
  }));
}
