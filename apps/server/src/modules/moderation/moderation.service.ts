import type { DbOrTx } from '../../db/client.js';
import * as repository from './moderation.repository.js';

export type ModerationAction = NonNullable<repository.NewModerationAction['action']>;

/** Records an admin decision; call it inside the transaction that makes the change. */
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

export const listArticleHistory = repository.listForArticle;
