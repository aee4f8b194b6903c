import type { Revision } from '@dispatch/shared';
import type { DbOrTx } from '../../db/client.js';
import * as repository from './revisions.repository.js';

/** What a revision keeps: the texts a writer edits. */
export interface RevisionContent {
  title: string;
  description: string;
  tags: string[];
}

/**
 * Keeps one saved version of an article; call it inside the transaction that saves the article, so an
 * article never has text that no revision holds.
 */
export function recordRevision(
  tx: DbOrTx,
  entry: RevisionContent & { articleId: string; authorId: string; at: Date },
): Promise<string> {
  return repository.insert(tx, {
    articleId: entry.articleId,
    authorId: entry.authorId,
    title: entry.title,
    description: entry.description,
    tags: entry.tags,
    createdAt: entry.at,
  });
}

function toRevision(row: repository.RevisionRow): Revision {
  return {
    _id: row.id,
    number: row.number,
    title: row.title,
    description: row.description,
    tags: row.tags,
    author_name: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first; the first is the article's current text. Who may see them is the caller's check. */
export async function listRevisions(db: DbOrTx, articleId: string): Promise<Revision[]> {
  return (await repository.listForArticle(db, articleId)).map(toRevision);
}

export const latestRevisionId = repository.latestId;

export async function revisionExists(db: DbOrTx, articleId: string, revisionId: string): Promise<boolean> {
  return (await repository.findOne(db, articleId, revisionId)) !== undefined;
}
