import {
  type ArticleCard,
  type ArticleDetail,
  type ArticlePreview,
  GIFT_MESSAGES,
  API_MESSAGES,
  ARTICLE_MESSAGES,
  FAMILY_MESSAGES,
  canReadArticle,
  hasPremiumAccess,
  LIMITS,
  TAGS,
  TEXT,
  decideTransition,
  editorialRoles,
  ARTICLE_STATUSES,
  type AdminArticlePage,
  type StatusCounts,
  type ArticleReview,
  type ArticleStatus,
  type EditorialAction,
  type RevisionList,
  type Timeline,
  type ArticlePage,
  type Charts,
  type MyArticlePage,
  type ArticleNoticeKind,
  type RelatedArticles,
  type Tag,
  type TrendingArticle,
  type AccountExport,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { Notifier } from '../../app-types.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.js';
import { normalisedKey, type ResponseCache } from '../../plugins/response-cache.js';
import { getTimeline, recordAction } from '../moderation/moderation.service.js';
import {
  latestRevisionId,
  listRevisions,
  recordRevision,
  type RevisionContent,
} from '../revisions/revisions.service.js';
import { findPublisherByName } from '../publishers/publishers.service.js';
import { lockUserForUpdate } from '../users/users.service.js';
import { openedInRun, openPremiumArticle, passArticlesLeft } from '../users/premium-access.js';
import { hiddenTagsOf } from '../family/family-access.js';
import {
  toAdminArticle,
  toArticle,
  toArticleCard,
  toArticleTeaser,
  toFeedArticle,
  toMyArticle,
  toSearchCard,
  type FeedArticle,
  toTrendingArticle,
} from './articles.mapper.js';
import * as repository from './articles.repository.js';
import { unlockedAlready, unlockPremium } from '../revenue/revenue.service.js';
import { highlightsOf } from './search-highlight.js';
import { toRowWindow, type PageQuery } from '../../db/paging.js';

export interface ApprovedQuery {
  search?: string;
  publisher?: string;
  tag?: Tag | '';
  page: number;
  limit: number;
}

// Public answers may show view counts up to a minute old (trending may lag views by 60 s).
const CATALOG_TTL_MS = 60_000;

/** A young reader opening an article with a tag their family hides (their own writing excepted): a 403. */
function refuseHidden(viewer: Viewer, article: { tags: readonly string[]; author_email?: string }) {
  const hidden = hiddenTagsOf(viewer);
  if (hidden && article.author_email !== viewer.email && article.tags.some((tag) => hidden.includes(tag))) {
    throw forbidden(FAMILY_MESSAGES.hiddenArticle);
  }
}

/** Whether a query asks for a search (`search` with something in it): what the search limit counts. */
export const isSearch = (search: unknown) => search !== undefined && String(search).trim() !== '';

/**
 * A list of approved articles, or a search of them. What a search matches follows the shared access rule: a
 * reader with premium access searches premium articles' whole text, anyone else only their title, excerpt and
 * tags, so a search answers nothing about premium text its reader may not read
 * (docs/decisions/037-search-by-access-and-its-limit.md). The cache keeps each class's answers apart.
 */
export function getApprovedArticles(
  { db, cache, clock }: Pick<AppDeps, 'db' | 'cache' | 'clock'>,
  viewer: Viewer | null,
  query: ApprovedQuery,
): Promise<ArticlePage> {
  const hiddenTags = hiddenTagsOf(viewer);
  const filter = {
    search: query.search || undefined,
    publisher: query.publisher || undefined,
    tag: query.tag || undefined,
    hiddenTags,
  };
  const premiumText = filter.search !== undefined && hasPremiumAccess(asAccessViewer(viewer), clock());
  const key = normalisedKey({
    list: 'approved',
    ...filter,
    hiddenTags: hiddenTags?.join(','),
    // Only a search depends on the reader's access; the lists are the same for everyone but young readers.
    searched: filter.search && (premiumText ? 'whole' : 'teaser'),
    page: query.page,
    limit: query.limit,
  });
  return cache.remember('catalog', key, CATALOG_TTL_MS, async () => {
    if (filter.search) {
      const found = await repository.searchApproved(
        db,
        { ...filter, search: filter.search, premiumText },
        toRowWindow(query),
        LIMITS.searchCountCap,
      );
      const highlights = await highlightsOf(db, found.rows, found.terms);
      return {
        articles: found.rows.map((row, index) => toSearchCard(row, highlights[index])),
        total: found.total,
        ...(found.capped && { totalCapped: true }),
      };
    }
    return listPage({ db, cache }, filter, query);
  });
}

// The key of every page of the public lists (12 cards, approved and premium alike) is kept, so a page reads its own
// rows and no others; another page size starts fewer than 12 rows after a key.
const LIST_INDEX_STRIDE = LIMITS.pageSize.approved;
// The index follows dates, not views, so it may live until a write bumps the catalogue.
const LIST_INDEX_TTL_MS = 60 * 60_000;

/**
 * A page of an unsearched list by its number, without walking the pages before it: the cached index
 * gives the total and the key to seek to (docs/decisions/020-search-and-deep-pages.md).
 */
async function listPage(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  filter: Omit<repository.ApprovedFilter, 'search'>,
  query: PageQuery,
): Promise<ArticlePage> {
  const { offset, limit } = toRowWindow(query);
  const indexKey = normalisedKey({
    index: 'approved',
    publisher: filter.publisher,
    tag: filter.tag,
    premium: filter.premiumOnly ? 'only' : undefined,
    hiddenTags: filter.hiddenTags?.join(','),
  });
  const index = await cache.remember('catalog', indexKey, LIST_INDEX_TTL_MS, () =>
    repository.approvedListIndex(db, filter, LIST_INDEX_STRIDE),
  );
  const start = index.starts[Math.floor(offset / LIST_INDEX_STRIDE)];
  if (!start) return { articles: [], total: index.total };
  const rows = await repository.approvedCardsFrom(db, filter, start, { skip: offset % LIST_INDEX_STRIDE, limit });
  return { articles: rows.map(toArticleCard), total: index.total };
}

export function getTrendingArticles(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  viewer: Viewer | null,
): Promise<TrendingArticle[]> {
  const hiddenTags = hiddenTagsOf(viewer);
  const key = normalisedKey({ list: 'trending', hiddenTags: hiddenTags?.join(',') });
  return cache.remember('catalog', key, CATALOG_TTL_MS, async () =>
    (await repository.listTrending(db, LIMITS.trendingCount, hiddenTags)).map(toTrendingArticle),
  );
}

/** After a write that changes what readers see: every instance's cached lists are dropped. */
const catalogChanged = (cache: ResponseCache) => cache.invalidate('catalog');

type Deps = Pick<AppDeps, 'db' | 'clock' | 'images' | 'notifier'>;

const articleNotFound = () => notFound(ARTICLE_MESSAGES.notFound);

function asAccessViewer(viewer: Viewer | null) {
  return (
    viewer && {
      email: viewer.email,
      role: viewer.role,
      premiumTaken: viewer.premiumTaken,
      premiumArticles: viewer.premiumArticles,
    }
  );
}

/**
 * Submits an article for review. Author, status, premium, views and date are the server's. The
 * one-article rule holds under concurrency: the writer's row is locked for the transaction, so a
 * second submission waits and then sees the first.
 */
export async function submitArticle(
  { db, clock, images, notifier }: Deps,
  viewer: Viewer,
  input: { title: string; image: string; imageCaption?: string; publisher: string; tags: Tag[]; description: string },
): Promise<{ insertedId: string }> {
  if (!(await images.owns(input.image))) {
    throw badRequest(API_MESSAGES.imageNotOurs, { image: [API_MESSAGES.imageNotOurs] });
  }
  const publisher = await findPublisherByName(db, input.publisher);
  if (!publisher)
    throw badRequest(ARTICLE_MESSAGES.publisherUnknown, { publisher: [ARTICLE_MESSAGES.publisherUnknown] });
  return db.transaction(async (tx) => {
    const now = clock();
    const author = await lockUserForUpdate(tx, viewer.id);
    if (!author) throw forbidden();
    const exempt = hasPremiumAccess(author, now);
    if (!exempt && (await repository.countByAuthor(tx, author.id)) > 0) {
      throw forbidden(TEXT.addArticle.oneArticleLimit);
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

/**
 * Both answers an article can give, prepared once and cached with the catalogue (its view count
 * may lag by up to a minute); who gets which is decided per request.
 */
async function articleAnswers({ db, cache }: Pick<AppDeps, 'db' | 'cache'>, id: string) {
  return cache.remember('catalog', `article:${id}`, CATALOG_TTL_MS, async () => {
    const row = await repository.findFull(db, id);
    if (!row) return null;
    return {
      facts: { status: row.status, isPremium: row.isPremium, author_email: row.authorEmail },
      full: { access: true, article: toArticle(row) } as const,
      teaser: { access: false, article: toArticleTeaser(row) } as const,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The preview tags of a shared link (title, excerpt, image…): approved articles only, never the text. */
export async function getArticlePreview(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  id: string,
  viewer: Viewer | null = null,
): Promise<ArticlePreview> {
  const answers = await articleAnswers(deps, id);
  if (!answers || answers.facts.status !== 'approved') throw articleNotFound();
  if (viewer) refuseHidden(viewer, answers.full.article);
  return { ...answers.teaser.article, updatedAt: answers.updatedAt };
}

/** The newest approved cards of a publisher or a tag: every article on it shares them, cached with the catalogue. */
function newestCards(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  filter: Parameters<typeof repository.newestApprovedCards>[1],
  count: number,
): Promise<ArticleCard[]> {
  const key = normalisedKey({
    newest: count,
    publisher: filter.publisher,
    tag: filter.tag,
    hiddenTags: filter.hiddenTags?.join(','),
  });
  return deps.cache.remember('catalog', key, CATALOG_TTL_MS, async () =>
    (await repository.newestApprovedCards(deps.db, filter, count)).map(toArticleCard),
  );
}

/** The first `count` of `cards` not in `shown`. */
const unshown = (cards: ArticleCard[], shown: ReadonlySet<string>, count: number) =>
  cards.filter((card) => !shown.has(card._id)).slice(0, count);

/**
 * The end of an approved article's page: the newest others from its publisher, then from its first tag
 * (none shown twice). Cut from the publisher's and the tag's newest cards, which every article on them shares,
 * so an article's page reads no rows of its own for them.
 */
export async function getRelatedArticles(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  viewer: Viewer | null,
  id: string,
): Promise<RelatedArticles> {
  const answers = await articleAnswers(deps, id);
  if (!answers || answers.facts.status !== 'approved') throw articleNotFound();
  if (viewer) refuseHidden(viewer, answers.full.article);
  const { publisher, tags } = answers.full.article;
  const hiddenTags = hiddenTagsOf(viewer);
  const count = LIMITS.relatedCount;
  // One more than shown: the article itself may be among them.
  const fromPublisher = unshown(await newestCards(deps, { publisher, hiddenTags }, count + 1), new Set([id]), count);
  const tag = TAGS.find((known) => known === tags[0] && !hiddenTags?.includes(known));
  if (!tag) return { publisher: { name: publisher, articles: fromPublisher }, tag: null };
  // Enough that `count` remain once the article and those from its publisher are left out.
  const shown = new Set([id, ...fromPublisher.map((card) => card._id)]);
  const onTag = unshown(await newestCards(deps, { tag, hiddenTags }, 2 * count + 1), shown, count);
  return { publisher: { name: publisher, articles: fromPublisher }, tag: { name: tag, articles: onTag } };
}

export async function getArticle(deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>, viewer: Viewer, id: string) {
  const answers = await articleAnswers(deps, id);
  if (!answers) throw articleNotFound();
  const decision = canReadArticle(answers.facts, asAccessViewer(viewer), deps.clock());
  if (decision === 'none') throw articleNotFound();
  refuseHidden(viewer, answers.full.article);
  return decision === 'full' ? answers.full : answers.teaser;
}

/**
 * GET /articles/:id: what this reader may read; a premium article's teaser may still open in full through
 * a pass that includes a number of premium articles (docs/product.md#plans), a gift link for it or a free
 * metered read (docs/product.md#reader-revenue). The cached answers are shared, so what depends on the reader
 * is added to a copy.
 */
export async function openArticle(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'config' | 'viewers'>,
  viewer: Viewer,
  id: string,
  giftToken: string | undefined,
  arrival: { sameSite: boolean },
): Promise<ArticleDetail> {
  const answers = await articleAnswers(deps, id);
  if (!answers) throw articleNotFound();
  const decision = canReadArticle(answers.facts, asAccessViewer(viewer), deps.clock());
  if (decision === 'none') throw articleNotFound();
  refuseHidden(viewer, answers.full.article);
  if (decision === 'full') return answers.full;
  // A page another site sent the reader to spends none of their pass's articles (decision 040): only one
  // already opened in this run opens; the teaser offers the pass instead, spent by a click.
  const passOpens = arrival.sameSite ? openPremiumArticle(deps, viewer, id) : openedInRun(deps, viewer, id);
  if (await passOpens) return answers.full;
  const unlock = await unlockPremium(deps, viewer, id, giftToken, arrival);
  if (unlock.open) return { ...answers.full, meter: unlock.meter, gift: unlock.gift };
  const passLeft = arrival.sameSite ? 0 : await passArticlesLeft(deps, viewer);
  return {
    ...answers.teaser,
    meter: unlock.meter,
    giftRefused: unlock.giftRefused,
    ...(passLeft > 0
      ? { passOffer: { left: passLeft } }
      : unlock.freeReadsLeft !== undefined && { freeReadOffer: { left: unlock.freeReadsLeft } }),
  };
}

/** A gift link's article: approved and premium, and readable in full by its sender, who is no young reader. */
export async function giftableArticle(deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>, viewer: Viewer, id: string) {
  if (viewer.youngReader) throw forbidden(FAMILY_MESSAGES.youngReaderGiftLinks);
  const answers = await articleAnswers(deps, id);
  if (!answers) throw articleNotFound();
  const decision = canReadArticle(answers.facts, asAccessViewer(viewer), deps.clock());
  if (decision === 'none') throw articleNotFound();
  refuseHidden(viewer, answers.full.article);
  if (answers.facts.status !== 'approved' || !answers.facts.isPremium) {
    throw badRequest(GIFT_MESSAGES.onlyPremiumArticles);
  }
  return { id, title: answers.full.article.title };
}

/**
 * One view, counted atomically, for an article this viewer may read, by access of their own, an article their
 * limited pass opened, or through the meter or a gift link (`giftToken`); its author's own reading is no view.
 */
export async function recordView(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'config' | 'viewers'>,
  viewer: Viewer,
  id: string,
  giftToken?: string,
) {
  const detail = await getArticle(deps, viewer, id);
  if (
    !detail.access &&
    !(await openedInRun(deps, viewer, id)) &&
    !(await unlockedAlready(deps, viewer, id, giftToken))
  ) {
    throw forbidden(ARTICLE_MESSAGES.premiumToRead);
  }
  if (detail.article.author_email === viewer.email) return { views: detail.article.views };
  const views = await repository.incrementViews(deps.db, id, deps.clock());
  if (views === undefined) throw articleNotFound();
  return { views };
}

export async function getUserArticles(db: Db, authorId: string, page: PageQuery): Promise<MyArticlePage> {
  const { rows, total } = await repository.listByAuthor(db, authorId, toRowWindow(page));
  return { articles: rows.map(toMyArticle), total };
}

export const updateArticle = (
  deps: TransitionDeps,
  viewer: Viewer,
  id: string,
  input: { title: string; description: string; tags: Tag[] },
) => saveContent(deps, viewer, id, 'edit', () => Promise.resolve(input));

export async function deleteArticle(
  { db, clock, cache }: Pick<AppDeps, 'db' | 'clock' | 'cache'>,
  viewer: Viewer,
  id: string,
) {
  const result = await db.transaction(async (tx) => {
    const state = await repository.findState(tx, id);
    if (!state) throw articleNotFound();
    const isAuthor = state.authorId === viewer.id;
    if (!isAuthor && viewer.role !== 'admin') throw forbidden();
    const deletedCount = await repository.remove(tx, id);
    if (!isAuthor) await recordAction(tx, { actorId: viewer.id, action: 'delete', articleId: id, at: clock() });
    return { deletedCount };
  });
  await catalogChanged(cache);
  return result;
}

type TransitionDeps = Pick<AppDeps, 'db' | 'clock' | 'cache' | 'notifier'>;

/** What one editorial move changes besides the status, and what the record keeps of it. */
interface Move {
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

/**
 * The one place every editorial move is made (docs/product.md#article-status): the shared table decides
 * whether this viewer may make it from the article's status, the UPDATE repeats that status as its
 * condition (so of two concurrent moves only the first wins; the second gets 409), and the moderation
 * record is written in the same transaction. Returns the status the article moved to.
 */
/** Who hears about a move: the writer about a decision on their article, the editors about an article back for review. */
function noticeOf(move: Move, from: ArticleStatus, to: ArticleStatus): ArticleNoticeKind | undefined {
  if (move.notice) return move.notice;
  return to === 'pending' && from !== 'pending' ? 'resubmitted' : undefined;
}

async function transitionArticle(tx: DbOrTx, notifier: Notifier, viewer: Viewer, id: string, move: Move, at: Date) {
  const from = await repository.findState(tx, id);
  if (!from) throw articleNotFound();
  const decision = decideTransition(from.status, move.action, editorialRoles(viewer, from.authorId));
  if (!decision.allowed)
    throw decision.refusal === 'role' ? forbidden(move.refusals.role) : conflict(move.refusals.state);
  if (move.requires && !move.requires(from)) throw conflict(move.refusals.state);
  const changes: repository.ArticleChanges = { ...(await move.changes?.(tx, from, at)), status: decision.to };
  if (decision.to === 'pending' && from.status !== 'pending') changes.pendingSince = at;
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

async function runTransition(deps: TransitionDeps, viewer: Viewer, id: string, move: Move) {
  await deps.db.transaction((tx) => transitionArticle(tx, deps.notifier, viewer, id, move, deps.clock()));
  await catalogChanged(deps.cache);
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

export const resubmitArticle = (deps: TransitionDeps, writer: Viewer, id: string) =>
  runTransition(deps, writer, id, {
    action: 'resubmit',
    record: {},
    refusals: { role: ARTICLE_MESSAGES.onlyAuthorMayResubmit, state: ARTICLE_MESSAGES.notChangesRequested },
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
  await deps.db.transaction(async (tx) => {
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
  });
  await catalogChanged(deps.cache);
  return { modifiedCount: 1 };
}

/** Restores an earlier revision's title, description and tags as a new revision (author or admin). */
export const restoreRevision = (deps: TransitionDeps, viewer: Viewer, id: string, revisionId: string) =>
  saveContent(deps, viewer, id, 'restore', async (tx) => {
    const revisions = await listRevisions(tx, id);
    const revision = revisions.find((one) => one._id === revisionId);
    if (!revision) throw notFound(ARTICLE_MESSAGES.revisionNotFound);
    const { title, description, tags } = revision;
    return { title, description, tags, detail: TEXT.revisions.number(revision.number) };
  });

/** The article's state, for its author or an admin only; anyone else learns nothing (a 404, as for its text). */
async function stateForAuthorOrAdmin(db: DbOrTx, viewer: Viewer, id: string) {
  const state = await repository.findState(db, id);
  if (!state || (state.authorId !== viewer.id && viewer.role !== 'admin')) throw articleNotFound();
  return state;
}

/** Revisions hold the whole text: only the author and admins see them (docs/product.md#premium-access). */
export async function getRevisions(db: Db, viewer: Viewer, id: string): Promise<RevisionList> {
  await stateForAuthorOrAdmin(db, viewer, id);
  return { revisions: await listRevisions(db, id) };
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

export function getPremiumArticles(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  viewer: Viewer | null,
  page: PageQuery,
): Promise<ArticlePage> {
  const hiddenTags = hiddenTagsOf(viewer);
  const key = normalisedKey({ list: 'premium', ...page, hiddenTags: hiddenTags?.join(',') });
  return cache.remember('catalog', key, CATALOG_TTL_MS, () =>
    listPage({ db, cache }, { premiumOnly: true, hiddenTags }, page),
  );
}

const CHART_MONTHS = 12;

export async function getCharts(db: Db, now: Date): Promise<Charts> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (CHART_MONTHS - 1), 1));
  const counts = await repository.chartCounts(db, since);
  // Every month of the window appears, with 0 where nothing was submitted.
  const byMonthMap = new Map(counts.byMonth.map((entry) => [entry.month, entry.count]));
  const byMonth = Array.from({ length: CHART_MONTHS }, (_, index) => {
    const month = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + index, 1)).toISOString().slice(0, 7);
    return { month, count: byMonthMap.get(month) ?? 0 };
  });
  const byTagMap = new Map(counts.byTag.map((entry) => [entry.tag, entry.count]));
  const byTag = TAGS.map((tag) => ({ tag, count: byTagMap.get(tag) ?? 0 }));
  return { byPublisher: counts.byPublisher, byTag, byMonth };
}

/**
 * The latest approved articles as an anonymous reader may see them (the shared access rule decides;
 * reading a text needs an account, so a feed carries the excerpt, as the public preview does).
 */
export async function getLatestForFeed(
  db: DbOrTx,
  filter: { tag?: Tag; publisher?: string },
  limit: number,
  now: Date,
): Promise<FeedArticle[]> {
  const rows = await repository.listLatestApproved(db, filter, limit);
  return rows
    .filter((row) => {
      const facts = { status: row.status, isPremium: row.isPremium, author_email: row.authorEmail };
      return canReadArticle(facts, null, now) !== 'none';
    })
    .map(toFeedArticle);
}

export const getSitemapPageStarts = (db: DbOrTx, pageSize: number) => repository.sitemapPageStarts(db, pageSize);

export const getSitemapPage = (db: DbOrTx, start: repository.SitemapPageStart, pageSize: number) =>
  repository.sitemapPage(db, start, pageSize);

export const getApprovedSince = (db: DbOrTx, since: Date, limit: number) =>
  repository.listApprovedSince(db, since, limit);

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
 * Removes a deleting account's articles in its transaction (docs/decisions/026-deleting-an-account.md);
 * returns their images. Call `articlesRemoved` once it has committed.
 */
export const removeArticlesOf = (tx: DbOrTx, authorId: string) => repository.removeByAuthor(tx, authorId);
export const articlesRemoved = (cache: ResponseCache) => catalogChanged(cache);
