import {
  API_MESSAGES,
  ARTICLE_MESSAGES,
  hasPremiumAccess,
  TEXT,
  WRITER_LIMIT_TEXT,
  type AccountExport,
  type MyArticlePage,
  type RevisionList,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { commit } from '../../db/commit.js';
import { toRowWindow, type PageQuery } from '../../db/paging.js';
import { badRequest, forbidden, notFound } from '../../plugins/errors.js';
import { articleNotFound } from '../articles/article-answers.js';
import { toMyArticle } from '../articles/articles.mapper.js';
import * as repository from '../articles/articles.repository.js';
import {
  runTransition,
  stateForAuthorOrAdmin,
  transitionArticle,
  type TransitionDeps,
} from '../editorial/editorial.service.js';
import { recordAction } from '../moderation/moderation.service.js';
import { getSiteSettings } from '../settings/settings.service.js';
import { findPublisherByName } from '../publishers/publishers.service.js';
import { listRevisions, recordRevision, type RevisionContent } from '../revisions/revisions.service.js';
import { checkArticleTags, lockTagsForWrite } from '../tags/tags.service.js';
import { lockUserForUpdate } from '../users/users.service.js';

/*
 * Writing (docs/product.md#add-article, #my-articles, #update-article): a writer's submission, edits,
 * revisions and resubmission, deleting an article, and a writer's articles in their data export or removed
 * with their account.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'images' | 'notifier' | 'cache' | 'config'>;

/**
 * Submits an article for review. Author, status, premium, views and date are the server's. The
 * writer limit (SPEC's one article; the site settings' `writerArticleLimit`, 0 for none) holds under concurrency:
 * the writer's row is locked for the transaction, so a second submission waits and then sees the first.
 */
export async function submitArticle(
  deps: Deps,
  viewer: Viewer,
  input: {
    title: string;
    image: string;
    imageCaption?: string;
    publisher: string;
    tags: string[];
    description: string;
  },
): Promise<{ insertedId: string }> {
  const { db, clock, images, notifier } = deps;
  await checkArticleTags(deps, input.tags);
  if (!(await images.owns(input.image))) {
    throw badRequest(API_MESSAGES.imageNotOurs, { image: [API_MESSAGES.imageNotOurs] });
  }
  const publisher = await findPublisherByName(db, input.publisher);
  if (!publisher)
    throw badRequest(ARTICLE_MESSAGES.publisherUnknown, { publisher: [ARTICLE_MESSAGES.publisherUnknown] });
  const limit = (await getSiteSettings(deps)).writerArticleLimit;
  return db.transaction(async (tx) => {
    // Again with the tags as they are now, held until the insert commits: a rename meanwhile is not missed.
    await checkArticleTags(deps, input.tags, undefined, tx);
    const now = clock();
    const author = await lockUserForUpdate(tx, viewer.id);
    if (!author) throw forbidden();
    const exempt = hasPremiumAccess({ ...author, premiumTaken: author.premiumUntil }, now);
    if (!exempt && limit > 0 && (await repository.countByAuthor(tx, author.id)) >= limit) {
      throw forbidden(WRITER_LIMIT_TEXT.refused(limit));
    }
    const row = await repository.insert(tx, {
      title: input.title,
      image: input.image,
      imageCaption: input.imageCaption || null,
      publisherId: publisher.id,
      tags: input.tags,
      description: input.description,
      authorId: author.id,
      status: 'pending',
      isPremium: false,
      views: 0,
      pendingSince: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordRevision(tx, { articleId: row.id, authorId: author.id, ...input, at: now });
    await notifier.articleEvent(tx, {
      kind: 'submitted',
      article: { id: row.id, title: input.title, authorId: author.id },
      actorId: author.id,
      at: now,
    });
    return { insertedId: row.id };
  });
}

export async function getUserArticles(db: Db, authorId: string, page: PageQuery): Promise<MyArticlePage> {
  const { rows, total } = await repository.listByAuthor(db, authorId, toRowWindow(page));
  return { articles: rows.map(toMyArticle), total };
}

/** The tags must be active ones, or ones the article has already (an archived tag stays on its articles). */
export async function updateArticle(
  deps: TransitionDeps,
  viewer: Viewer,
  id: string,
  input: { title: string; description: string; tags: string[] },
) {
  await checkArticleTags(deps, input.tags, async () => (await repository.findFull(deps.db, id))?.tags ?? []);
  return saveContent(deps, viewer, id, 'edit', async (tx) => {
    // Again with the tags as they are now, held until the save commits: a rename meanwhile is not missed.
    await checkArticleTags(deps, input.tags, async () => (await repository.findFull(tx, id))?.tags ?? [], tx);
    return input;
  });
}

/**
 * A save of the title, description and tags (an edit, or a restored revision): a move of its own in the
 * table, and a new revision in the same transaction. Back to pending from approved or declined, with the
 * decision cleared; a changes-requested article stays with its writer until they resubmit.
 */
async function saveContent(
  deps: TransitionDeps,
  viewer: Viewer,
  id: string,
  action: 'edit' | 'restore',
  content: (tx: DbOrTx) => Promise<RevisionContent & { detail?: string }>,
) {
  await commit(deps, async (tx, after) => {
    const at = deps.clock();
    const { detail, ...input } = await content(tx);
    await transitionArticle(
      tx,
      deps.notifier,
      viewer,
      id,
      {
        action,
        changes: async (_tx, from) => ({
          ...input,
          updatedAt: at,
          ...(from.status !== 'changes_requested' && { declineReason: null, decidedById: null, decidedAt: null }),
        }),
        record: action === 'restore' && { detail },
        refusals: {
          role: action === 'edit' ? ARTICLE_MESSAGES.onlyAuthorMayEdit : ARTICLE_MESSAGES.onlyAuthorOrAdminMayRestore,
          state: ARTICLE_MESSAGES.changedMeanwhile,
        },
      },
      at,
    );
    await recordRevision(tx, { articleId: id, authorId: viewer.id, ...input, at });
    after.stale('catalogue');
  });
  return { modifiedCount: 1 };
}

/** Restores an earlier revision's title, description and tags as a new revision (author or admin). */
export const restoreRevision = (deps: TransitionDeps, viewer: Viewer, id: string, revisionId: string) =>
  saveContent(deps, viewer, id, 'restore', async (tx) => {
    await lockTagsForWrite(tx); // the revision's names as a rename or merge left them, until the save commits
    const revisions = await listRevisions(tx, id);
    const revision = revisions.find((one) => one._id === revisionId);
    if (!revision) throw notFound(ARTICLE_MESSAGES.revisionNotFound);
    const { title, description, tags } = revision;
    return { title, description, tags, detail: TEXT.revisions.number(revision.number) };
  });

export const resubmitArticle = (deps: TransitionDeps, writer: Viewer, id: string) =>
  runTransition(deps, writer, id, {
    action: 'resubmit',
    record: {},
    refusals: { role: ARTICLE_MESSAGES.onlyAuthorMayResubmit, state: ARTICLE_MESSAGES.notChangesRequested },
  });

/** Revisions hold the whole text: only the author and admins see them (docs/product.md#premium-access). */
export async function getRevisions(db: Db, viewer: Viewer, id: string): Promise<RevisionList> {
  await stateForAuthorOrAdmin(db, viewer, id);
  return { revisions: await listRevisions(db, id) };
}

export async function deleteArticle(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'viewers'>,
  viewer: Viewer,
  id: string,
) {
  return commit(deps, async (tx, after) => {
    const state = await repository.findState(tx, id);
    if (!state) throw articleNotFound();
    const isAuthor = state.authorId === viewer.id;
    if (!isAuthor && viewer.role !== 'admin') throw forbidden();
    const deletedCount = await repository.remove(tx, id);
    if (!isAuthor) await recordAction(tx, { actorId: viewer.id, action: 'delete', articleId: id, at: deps.clock() });
    after.stale('catalogue');
    return { deletedCount };
  });
}

/** A writer's every article in full, for the download of their data. */
export async function getArticlesForExport(db: DbOrTx, authorId: string): Promise<AccountExport['articles']> {
  const rows = await repository.listAllByAuthor(db, authorId);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    tags: row.tags,
    publisher: row.publisher,
    status: row.status,
    isPremium: row.isPremium,
    views: row.views,
    declineReason: row.declineReason,
    changesNote: row.changesNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Removes a deleting account's articles in its transaction, which
 * marks the catalogue stale; returns their images.
 */
export const removeArticlesOf = (tx: DbOrTx, authorId: string) => repository.removeByAuthor(tx, authorId);
