import {
  canReadArticle,
  hasPremiumAccess,
  LIMITS,
  type ArticleCard,
  type ArticlePage,
  type ArticlePreview,
  type RelatedArticles,
  type TrendingArticle,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { toRowWindow, type PageQuery } from '../../db/paging.js';
import { normalisedKey } from '../../plugins/response-cache.js';
import { resolveTagFilter } from '../tags/tags.service.js';
import {
  articleAnswers,
  withByline,
  articleNotFound,
  asAccessViewer,
  CATALOGUE_TTL_MS,
  refuseHidden,
} from '../articles/article-answers.js';
import {
  toArticleCard,
  toFeedArticle,
  toSearchCard,
  toTrendingArticle,
  type FeedArticle,
} from '../articles/articles.mapper.js';
import * as repository from '../articles/articles.repository.js';
import { hiddenTagsOf } from '../family/family-access.js';
import { getSiteSettings } from '../settings/settings.service.js';
import { highlightsOf } from './search-highlight.js';

/*
 * The catalogue (docs/architecture/server.md#articles): what anyone may list of the approved articles, cached with the
 * catalogue's generation: the lists and searches, trending, the premium list, an article's preview and related
 * cards, and what feeds and sitemaps carry.
 */

export interface ApprovedQuery {
  search?: string;
  publisher?: string;
  tag?: string;
  page: number;
  limit: number;
}

/** Whether a query asks for a search (`search` with something in it): what the search limit counts. */
export const isSearch = (search: unknown) => search !== undefined && String(search).trim() !== '';

/**
 * A list of approved articles, or a search of them. What a search matches follows the shared access rule: a
 * reader with premium access searches premium articles' whole text, anyone else only their title, excerpt and
 * tags, so a search answers nothing about premium text its reader may not read. The cache keeps each class's
 * answers apart.
 */
export async function getApprovedArticles(
  { db, cache, clock }: Pick<AppDeps, 'db' | 'cache' | 'clock'>,
  viewer: Viewer | null,
  query: ApprovedQuery,
): Promise<ArticlePage> {
  // A renamed or merged tag's former name lists its articles under the name it has now.
  const tag = await resolveTagFilter({ db, cache }, query.tag || undefined);
  const hiddenTags = hiddenTagsOf(viewer);
  const filter = {
    search: query.search || undefined,
    publisher: query.publisher || undefined,
    tag,
    hiddenTags,
  };
  const premiumText = filter.search !== undefined && hasPremiumAccess(asAccessViewer(viewer), clock());
  const key = normalisedKey({
    list: 'approved',
    ...filter,
    hiddenTags: hiddenTags?.join(','),
    // Only a search depends on the reader's access; the lists are the same for everyone but young readers. A
    // visitor's highlights of an article kept for signed-in readers come from its excerpt.
    searched: filter.search && (premiumText ? 'whole' : viewer ? 'teaser' : 'visitor'),
    page: query.page,
    limit: query.limit,
  });
  return cache.remember('catalogue', key, CATALOGUE_TTL_MS, async () => {
    if (filter.search) {
      const found = await repository.searchApproved(
        db,
        { ...filter, search: filter.search, premiumText, visitor: viewer === null },
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
  const index = await cache.remember('catalogue', indexKey, LIST_INDEX_TTL_MS, () =>
    repository.approvedListIndex(db, filter, LIST_INDEX_STRIDE),
  );
  const start = index.starts[Math.floor(offset / LIST_INDEX_STRIDE)];
  if (!start) return { articles: [], total: index.total };
  const rows = await repository.approvedCardsFrom(db, filter, start, { skip: offset % LIST_INDEX_STRIDE, limit });
  return { articles: rows.map(toArticleCard), total: index.total };
}

/** One author's approved articles, newest published first, as their author page lists them. */
export function getAuthorArticles(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  viewer: Viewer | null,
  authorId: string,
  query: PageQuery,
): Promise<ArticlePage> {
  const hiddenTags = hiddenTagsOf(viewer);
  const key = normalisedKey({ list: 'author', authorId, hiddenTags: hiddenTags?.join(','), page: query.page });
  return cache.remember('catalogue', key, CATALOGUE_TTL_MS, async () => {
    const { rows, total } = await repository.approvedByAuthor(db, { authorId, hiddenTags }, toRowWindow(query));
    return { articles: rows.map(toArticleCard), total };
  });
}

export function getTrendingArticles(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  viewer: Viewer | null,
): Promise<TrendingArticle[]> {
  const hiddenTags = hiddenTagsOf(viewer);
  const key = normalisedKey({ list: 'trending', hiddenTags: hiddenTags?.join(',') });
  return cache.remember('catalogue', key, CATALOGUE_TTL_MS, async () =>
    (await repository.listTrending(db, LIMITS.trendingCount, hiddenTags)).map(toTrendingArticle),
  );
}

export function getPremiumArticles(
  { db, cache }: Pick<AppDeps, 'db' | 'cache'>,
  viewer: Viewer | null,
  page: PageQuery,
): Promise<ArticlePage> {
  const hiddenTags = hiddenTagsOf(viewer);
  const key = normalisedKey({ list: 'premium', ...page, hiddenTags: hiddenTags?.join(',') });
  return cache.remember('catalogue', key, CATALOGUE_TTL_MS, () =>
    listPage({ db, cache }, { premiumOnly: true, hiddenTags }, page),
  );
}

/** The preview tags of a shared link (title, excerpt, image…): approved articles only, never the text. */
export async function getArticlePreview(
  deps: Pick<AppDeps, 'db' | 'cache' | 'config'>,
  id: string,
  viewer: Viewer | null = null,
): Promise<ArticlePreview> {
  const [answers, settings] = await Promise.all([articleAnswers(deps, id), getSiteSettings(deps)]);
  if (!answers || answers.facts.status !== 'approved') throw articleNotFound();
  if (viewer) refuseHidden(viewer, answers.full.article);
  return withByline(answers.teaser, viewer, settings.bylineShowsEmail).article;
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
  return deps.cache.remember('catalogue', key, CATALOGUE_TTL_MS, async () =>
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
  const tag = tags[0] !== undefined && !hiddenTags?.includes(tags[0]) ? tags[0] : undefined;
  if (!tag) return { publisher: { name: publisher, articles: fromPublisher }, tag: null };
  // Enough that `count` remain once the article and those from its publisher are left out.
  const shown = new Set([id, ...fromPublisher.map((card) => card._id)]);
  const onTag = unshown(await newestCards(deps, { tag, hiddenTags }, 2 * count + 1), shown, count);
  return { publisher: { name: publisher, articles: fromPublisher }, tag: { name: tag, articles: onTag } };
}

/**
 * The latest approved articles as an anonymous reader may see them (the shared access rule decides;
 * reading a text needs an account, so a feed carries the excerpt, as the public preview does).
 */
export async function getLatestForFeed(
  db: DbOrTx,
  filter: { tag?: string; publisher?: string; authorId?: string },
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

/** Every author page's slug: the authors with an approved article. */
export const getPublishedAuthorSlugs = (db: DbOrTx) => repository.listPublishedAuthorSlugs(db);

/** Approved articles first published since `since`, newest first. */
export const getPublishedSince = (db: DbOrTx, since: Date, limit: number) =>
  repository.listPublishedSince(db, since, limit);
