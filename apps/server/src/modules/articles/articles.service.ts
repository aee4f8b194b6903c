import {
  type ArticlePreview,
  API_MESSAGES,
  ARTICLE_MESSAGES,
  canReadArticle,
  hasPremiumAccess,
  LIMITS,
  TAGS,
  TEXT,
  type AdminArticlePage,
  type ArticlePage,
  type Charts,
  type MyArticlePage,
  type Tag,
  type TrendingArticle,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.js';
import { normalisedKey, type ResponseCache } from '../../plugins/response-cache.js';
import { recordAction } from '../moderation/moderation.service.js';
import { findPublisherByName } from '../publishers/publishers.service.js';
import { lockUserForUpdate } from '../users/users.service.js';
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

export function getApprovedArticles(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  query: ApprovedQuery,
): Promise<ArticlePage> {
  const filter = {
    search: query.search || undefined,
    publisher: query.publisher || undefined,
    tag: query.tag || undefined,
  };
  const key = normalisedKey({ list: 'approved', ...filter, page: query.page, limit: query.limit });
  return cache.remember('catalog', key, CATALOG_TTL_MS, async () => {
    if (filter.search) {
      const found = await repository.searchApproved(
        db,
        { ...filter, search: filter.search },
        toRowWindow(query),
        LIMITS.searchCountCap,
      );
      return { articles: found.rows.map(toSearchCard), total: found.total, ...(found.capped && { totalCapped: true }) };
    }
    return listPage({ db, cache }, filter, query);
  });
}

// Every 120th key of a list is kept: pages of 10 and 12 start on one, any page is at most 119 rows from one.
const LIST_INDEX_STRIDE = 120;
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
  });
  const index = await cache.remember('catalog', indexKey, LIST_INDEX_TTL_MS, () =>
    repository.approvedListIndex(db, filter, LIST_INDEX_STRIDE),
  );
  const start = index.starts[Math.floor(offset / LIST_INDEX_STRIDE)];
  if (!start) return { articles: [], total: index.total };
  const rows = await repository.approvedCardsFrom(db, filter, start, { skip: offset % LIST_INDEX_STRIDE, limit });
  return { articles: rows.map(toArticleCard), total: index.total };
}

export function getTrendingArticles({ db, cache }: Pick<AppDeps, 'db' | 'cache'>): Promise<TrendingArticle[]> {
  return cache.remember('catalog', 'trending', CATALOG_TTL_MS, async () =>
    (await repository.listTrending(db, LIMITS.trendingCount)).map(toTrendingArticle),
  );
}

/** After a write that changes what readers see: every instance's cached lists are dropped. */
const catalogChanged = (cache: ResponseCache) => cache.invalidate('catalog');

type Deps = Pick<AppDeps, 'db' | 'clock' | 'images'>;

const articleNotFound = () => notFound(ARTICLE_MESSAGES.notFound);

function asAccessViewer(viewer: Viewer | null) {
  return viewer && { email: viewer.email, role: viewer.role, premiumTaken: viewer.premiumTaken };
}

/**
 * Submits an article for review. Author, status, premium, views and date are the server's. The
 * one-article rule holds under concurrency: the writer's row is locked for the transaction, so a
 * second submission waits and then sees the first.
 */
export async function submitArticle(
  { db, clock, images }: Deps,
  viewer: Viewer,
  input: { title: string; image: string; publisher: string; tags: Tag[]; description: string },
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
      publisherId: publisher.id,
      tags: input.tags,
      description: input.description,
      authorId: author.id,
      status: 'pending',
      isPremium: false,
      views: 0,
      createdAt: now,
      updatedAt: now,
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
export async function getArticlePreview(deps: Pick<AppDeps, 'db' | 'cache'>, id: string): Promise<ArticlePreview> {
  const answers = await articleAnswers(deps, id);
  if (!answers || answers.facts.status !== 'approved') throw articleNotFound();
  return { ...answers.teaser.article, updatedAt: answers.updatedAt };
}

export async function getArticle(deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>, viewer: Viewer, id: string) {
  const answers = await articleAnswers(deps, id);
  if (!answers) throw articleNotFound();
  const decision = canReadArticle(answers.facts, asAccessViewer(viewer), deps.clock());
  if (decision === 'none') throw articleNotFound();
  return decision === 'full' ? answers.full : answers.teaser;
}

/** One view, counted atomically, for an article this viewer may read. */
export async function recordView(deps: Pick<AppDeps, 'db' | 'clock' | 'cache'>, viewer: Viewer, id: string) {
  const detail = await getArticle(deps, viewer, id);
  if (!detail.access) throw forbidden(ARTICLE_MESSAGES.premiumToRead);
  const views = await repository.incrementViews(deps.db, id);
  if (views === undefined) throw articleNotFound();
  return { views };
}

export async function getUserArticles(db: Db, authorId: string, page: PageQuery): Promise<MyArticlePage> {
  const { rows, total } = await repository.listByAuthor(db, authorId, toRowWindow(page));
  return { articles: rows.map(toMyArticle), total };
}

export async function updateArticle(
  { db, clock, cache }: Pick<AppDeps, 'db' | 'clock' | 'cache'>,
  viewer: Viewer,
  id: string,
  input: { title: string; description: string; tags: Tag[] },
) {
  const state = await repository.findState(db, id);
  if (!state) throw articleNotFound();
  if (state.authorId !== viewer.id) throw forbidden(ARTICLE_MESSAGES.onlyAuthorMayEdit);
  const row = await repository.updateContent(db, id, { ...input, updatedAt: clock() });
  await catalogChanged(cache);
  return { modifiedCount: row ? 1 : 0 };
}

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

async function explainRefusal(db: DbOrTx, id: string, message: string): Promise<never> {
  if (!(await repository.findState(db, id))) throw articleNotFound();
  throw conflict(message);
}

type ModerationDeps = Pick<AppDeps, 'db' | 'clock' | 'cache'>;

interface Moderation {
  action: 'approve' | 'decline' | 'premium';
  detail?: string;
  /** The change, made only from the status it applies to; undefined when the article is not in it. */
  apply: (tx: DbOrTx, deciderId: string, at: Date) => Promise<{ id: string } | undefined>;
  /** Why the change was refused when the article exists. */
  refusal: string;
}

/**
 * Every admin decision on an article: the change, guarded by its status so two admins cannot both
 * win, and its entry in the moderation record, in one transaction.
 */
async function moderate({ db, clock, cache }: ModerationDeps, admin: Viewer, id: string, moderation: Moderation) {
  const result = await db.transaction(async (tx) => {
    const at = clock();
    const row = await moderation.apply(tx, admin.id, at);
    if (!row) return explainRefusal(tx, id, moderation.refusal);
    await recordAction(tx, {
      actorId: admin.id,
      action: moderation.action,
      articleId: id,
      detail: moderation.detail,
      at,
    });
    return { modifiedCount: 1 };
  });
  await catalogChanged(cache);
  return result;
}

export const approveArticle = (deps: ModerationDeps, admin: Viewer, id: string) =>
  moderate(deps, admin, id, {
    action: 'approve',
    apply: (tx, deciderId, at) => repository.decide(tx, id, { status: 'approved', declineReason: null, deciderId, at }),
    refusal: ARTICLE_MESSAGES.notPending,
  });

export const declineArticle = (deps: ModerationDeps, admin: Viewer, id: string, reason: string) =>
  moderate(deps, admin, id, {
    action: 'decline',
    detail: reason,
    apply: (tx, deciderId, at) =>
      repository.decide(tx, id, { status: 'declined', declineReason: reason || null, deciderId, at }),
    refusal: ARTICLE_MESSAGES.notPending,
  });

export const makeArticlePremium = (deps: ModerationDeps, admin: Viewer, id: string) =>
  moderate(deps, admin, id, {
    action: 'premium',
    apply: (tx, deciderId, at) => repository.markPremium(tx, id, deciderId, at),
    refusal: ARTICLE_MESSAGES.notApprovedOrAlreadyPremium,
  });

export async function getAdminArticles(db: Db, page: PageQuery): Promise<AdminArticlePage> {
  const { rows, total } = await repository.listForAdmin(db, toRowWindow(page));
  return { articles: rows.map(toAdminArticle), total };
}

export function getPremiumArticles(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  page: PageQuery,
): Promise<ArticlePage> {
  return cache.remember('catalog', normalisedKey({ list: 'premium', ...page }), CATALOG_TTL_MS, () =>
    listPage({ db, cache }, { premiumOnly: true }, page),
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
