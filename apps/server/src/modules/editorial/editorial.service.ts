import {
  API_MESSAGES,
  ARTICLE_MESSAGES,
  ARTICLE_STATUSES,
  decideTransition,
  editorialRoles,
  READERS_TEXT,
  type AdminArticlePage,
  type ArticleNoticeKind,
  type ArticleReview,
  type ArticleStatus,
  type Charts,
  type EditorialAction,
  type StatusCounts,
  type Timeline,
} from '@dispatch/shared';
import type { AppDeps, Notifier, Viewer } from '../../app-types.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { commit } from '../../db/commit.js';
import { toRowWindow, type PageQuery } from '../../db/paging.js';
import { conflict, forbidden } from '../../plugins/errors.js';
import { articleNotFound } from '../articles/article-answers.js';
import { toAdminArticle } from '../articles/articles.mapper.js';
import * as repository from '../articles/articles.repository.js';
import { getTimeline, recordAction } from '../moderation/moderation.service.js';
import { latestRevisionId, listRevisions } from '../revisions/revisions.service.js';
import { getActiveTags } from '../tags/tags.service.js';

/*
 * The editorial workflow (docs/product.md#article-status): every move of an article's status, made in one place,
 * the desk's lists, an article's review and timeline, and the dashboard's charts.
 */

export type TransitionDeps = Pick<AppDeps, 'db' | 'clock' | 'cache' | 'viewers' | 'notifier'>;

/** What one editorial move changes besides the status, and what the record keeps of it. */
export interface Move {
  action: EditorialAction;
  /** A condition the table does not hold (premium: not premium yet); refused as a wrong state. */
  requires?: (from: repository.ArticleState) => boolean;
  /** The other columns it sets, from the article as it was read. */
  changes?: (tx: DbOrTx, from: repository.ArticleState, at: Date) => Promise<repository.ArticleChanges>;
  /** Kept in the moderation record with its detail (a note, a reason); false for a writer's plain edit. */
  record: false | { detail?: string };
  /** What the writer is told; a move back to review tells the editors on its own (`noticeOf`). */
  notice?: ArticleNoticeKind;
  /** Why it was refused: the caller may never make it (403), or not from the article's state (409). */
  refusals: { role: string; state: string };
}

/** Who hears about a move: the writer about a decision on their article, the editors about an article back for review. */
function noticeOf(move: Move, from: ArticleStatus, to: ArticleStatus): ArticleNoticeKind | undefined {
  if (move.notice) return move.notice;
  return to === 'pending' && from !== 'pending' ? 'resubmitted' : undefined;
}

/**
 * The one place every editorial move is made (docs/product.md#article-status): the shared table decides
 * whether this viewer may make it from the article's status, the UPDATE repeats that status as its
 * condition (so of two concurrent moves only the first wins; the second gets 409), and the moderation
 * record is written in the same transaction. Returns the status the article moved to.
 */
export async function transitionArticle(
  tx: DbOrTx,
  notifier: Notifier,
  viewer: Viewer,
  id: string,
  move: Move,
  at: Date,
) {
  const from = await repository.findState(tx, id);
  if (!from) throw articleNotFound();
  const decision = decideTransition(from.status, move.action, editorialRoles(viewer, from.authorId));
  if (!decision.allowed)
    throw decision.refusal === 'role' ? forbidden(move.refusals.role) : conflict(move.refusals.state);
  if (move.requires && !move.requires(from)) throw conflict(move.refusals.state);
  const changes: repository.ArticleChanges = { ...(await move.changes?.(tx, from, at)), status: decision.to };
  if (decision.to === 'pending' && from.status !== 'pending') changes.pendingSince = at;
  // Made public: the first time sets its published time, a later approval keeps it (`moveFrom`).
  if (decision.to === 'approved' && from.status !== 'approved') changes.publishedAt = at;
  if (!(await repository.moveFrom(tx, id, from, changes))) throw conflict(move.refusals.state);
  if (move.record) {
    const action = move.action === 'edit' ? undefined : move.action;
    if (action) await recordAction(tx, { actorId: viewer.id, action, articleId: id, detail: move.record.detail, at });
  }
  const notice = noticeOf(move, from.status, decision.to);
  if (notice) {
    await notifier.articleEvent(tx, {
      kind: notice,
      article: { id, title: changes.title ?? from.title, authorId: from.authorId },
      actorId: viewer.id,
      note: move.record ? move.record.detail : undefined,
      at,
    });
  }
  return { from, to: decision.to };
}

/** One move in its own transaction; the catalogue is stale once it committed. */
export async function runTransition(deps: TransitionDeps, viewer: Viewer, id: string, move: Move) {
  await commit(deps, async (tx, after) => {
    await transitionArticle(tx, deps.notifier, viewer, id, move, deps.clock());
    after.stale('catalogue');
  });
  return { modifiedCount: 1 };
}

const decided = (deciderId: string, at: Date) => ({ decidedById: deciderId, decidedAt: at });

export const approveArticle = (deps: TransitionDeps, admin: Viewer, id: string) =>
  runTransition(deps, admin, id, {
    action: 'approve',
    changes: async (_tx, _from, at) => ({ declineReason: null, ...decided(admin.id, at) }),
    record: {},
    notice: 'approved',
    refusals: { role: API_MESSAGES.adminOnly, state: ARTICLE_MESSAGES.notPending },
  });

export const declineArticle = (deps: TransitionDeps, admin: Viewer, id: string, reason: string) =>
  runTransition(deps, admin, id, {
    action: 'decline',
    changes: async (_tx, _from, at) => ({ declineReason: reason || null, ...decided(admin.id, at) }),
    record: { detail: reason },
    notice: 'declined',
    refusals: { role: API_MESSAGES.adminOnly, state: ARTICLE_MESSAGES.notPending },
  });

/** The version the editor reviewed is the revision current now: a resubmission is compared with it. */
export const requestChanges = (deps: TransitionDeps, admin: Viewer, id: string, note: string) =>
  runTransition(deps, admin, id, {
    action: 'request-changes',
    changes: async (tx, _from, at) => ({
      changesNote: note,
      reviewedRevisionId: (await latestRevisionId(tx, id)) ?? null,
      ...decided(admin.id, at),
    }),
    record: { detail: note },
    notice: 'changes-requested',
    refusals: { role: API_MESSAGES.adminOnly, state: ARTICLE_MESSAGES.notPendingForChanges },
  });

export const makeArticlePremium = (deps: TransitionDeps, admin: Viewer, id: string) =>
  runTransition(deps, admin, id, {
    action: 'premium',
    requires: (from) => !from.isPremium,
    changes: async (_tx, _from, at) => ({ isPremium: true, ...decided(admin.id, at) }),
    record: {},
    notice: 'made-premium',
    refusals: { role: API_MESSAGES.adminOnly, state: ARTICLE_MESSAGES.notApprovedOrAlreadyPremium },
  });

/**
 * Keeps one article for signed-in readers, or opens it again to whoever the site's setting lets read
 * (docs/product.md#who-reads-what): not a move of its status, but an editor's decision History keeps. Asking for the
 * mark it already has changes and records nothing.
 */
export async function setArticleReaders(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'viewers'>,
  admin: Viewer,
  id: string,
  signedInOnly: boolean,
) {
  await commit(deps, async (tx, after) => {
    const had = await repository.setSignedInOnly(tx, id, signedInOnly);
    if (had === undefined) throw articleNotFound();
    if (had === signedInOnly) return;
    const note = signedInOnly ? READERS_TEXT.historyNote.signedInOnly : READERS_TEXT.historyNote.open;
    await recordAction(tx, { actorId: admin.id, action: 'readers', articleId: id, detail: note, at: deps.clock() });
    // The article's cached answers and its visitors' cached page say who may read it.
    after.stale('catalogue');
  });
  return { signedInOnly };
}

/**
 * The correction move, inside the caller's transaction (the corrections service writes the correction in it):
 * an approved article stays approved, its row is held until the transaction ends (an edit that would send it
 * back to review waits, or wins and this is a 409), and the record keeps the note.
 */
export const correctArticle = (tx: DbOrTx, notifier: Notifier, editor: Viewer, id: string, note: string, at: Date) =>
  transitionArticle(
    tx,
    notifier,
    editor,
    id,
    {
      action: 'correct',
      record: { detail: note },
      // The writer hears of it, with the note (refused further on, the transaction takes the notice back).
      notice: 'corrected',
      refusals: { role: API_MESSAGES.adminOnly, state: ARTICLE_MESSAGES.notApprovedForCorrection },
    },
    at,
  );

/** The article's state, for its author or an admin only; anyone else learns nothing (a 404, as for its text). */
export async function stateForAuthorOrAdmin(db: DbOrTx, viewer: Viewer, id: string) {
  const state = await repository.findState(db, id);
  if (!state || (state.authorId !== viewer.id && viewer.role !== 'admin')) throw articleNotFound();
  return state;
}

/** What an editor compares: the revision current at the last 'Request changes', and the current one. */
export async function getArticleReview(db: Db, id: string): Promise<ArticleReview> {
  const state = await repository.findState(db, id);
  if (!state) throw articleNotFound();
  const revisions = await listRevisions(db, id);
  const current = revisions[0];
  if (!current) throw articleNotFound();
  const reviewed = revisions.find((one) => one._id === state.reviewedRevisionId) ?? null;
  return { reviewed, current, note: state.changesNote };
}

export async function getArticleTimeline(db: Db, viewer: Viewer, id: string): Promise<Timeline> {
  const state = await stateForAuthorOrAdmin(db, viewer, id);
  return { entries: await getTimeline(db, { id, authorId: state.authorId }, viewer.role === 'admin') };
}

export async function getAdminArticles(
  db: Db,
  query: PageQuery & { status?: ArticleStatus; q?: string },
): Promise<AdminArticlePage> {
  const search = query.q ? await repository.adminSearch(db, query.q) : undefined;
  const [rows, counted] = await Promise.all([
    repository.listForAdmin(db, { status: query.status, search }, toRowWindow(query)),
    repository.countByStatus(db, search),
  ]);
  const counts = Object.fromEntries(ARTICLE_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const { status, count } of counted) counts[status] = count;
  // The counts are of the same search, so the filter's total is one of them, or their sum: no second count.
  const total = query.status ? counts[query.status] : ARTICLE_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return { articles: rows.map(toAdminArticle), total, counts };
}

const CHART_MONTHS = 12;

export async function getCharts({ db, cache }: Pick<AppDeps, 'db' | 'cache'>, now: Date): Promise<Charts> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (CHART_MONTHS - 1), 1));
  const counts = await repository.chartCounts(db, since);
  // Every month of the window appears, with 0 where nothing was submitted.
  const byMonthMap = new Map(counts.byMonth.map((entry) => [entry.month, entry.count]));
  const byMonth = Array.from({ length: CHART_MONTHS }, (_, index) => {
    const month = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + index, 1)).toISOString().slice(0, 7);
    return { month, count: byMonthMap.get(month) ?? 0 };
  });
  const byTagMap = new Map(counts.byTag.map((entry) => [entry.tag, entry.count]));
  const byTag = (await getActiveTags({ db, cache })).map(({ name }) => ({ tag: name, count: byTagMap.get(name) ?? 0 }));
  return { byPublisher: counts.byPublisher, byTag, byMonth };
}
